import CCurlShim
import Foundation
import Synchronization

/// HTTP over libcurl: TLS verification on, gzip, redirects within http(s), a connect timeout, a
/// total deadline and a body-size cap. Each request runs its blocking `curl_easy_perform` on its
/// own thread, so concurrent requests proceed in parallel.
public struct CurlTransport: HTTPTransport {
    public init() {
        // Thread-safe since libcurl 7.84; later calls only count references.
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }

    public func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let cancellation = Cancellation()
        // A cancelled task (Ctrl-C in `dex sync`) stops its transfer within about a second:
        // libcurl's progress callback sees the flag and aborts.
        let result: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread { continuation.resume(returning: Self.perform(request, cancellation: cancellation)) }
                thread.stackSize = 1 << 20
                thread.start()
            }
        } onCancel: {
            cancellation.flag.store(true, ordering: .relaxed)
        }
        return try result.get()
    }

    /// Set when the task waiting for a request is cancelled.
    private final class Cancellation: Sendable {
        let flag = Atomic(false)
        var isCancelled: Bool { flag.load(ordering: .relaxed) }
    }

    /// The body as it arrives, with the cap enforced in the write callback.
    private final class Sink {
        var body = Data()
        let limit: Int
        var exceeded = false
        init(limit: Int) { self.limit = limit }
    }

    private static func perform(_ request: HTTPRequest, cancellation: Cancellation) -> Result<HTTPResponse, TransportError> {
        if cancellation.isCancelled { return .failure(.cancelled) }
        guard let handle = curl_easy_init() else { return .failure(.failed("libcurl could not start")) }
        defer { curl_easy_cleanup(handle) }
        let headers = curl_slist_append(nil, "Accept: application/json")
        defer { curl_slist_free_all(headers) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let sink = Sink(limit: request.maxBodyBytes)

        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errorPointer in
            withExtendedLifetime((sink, cancellation)) {
                let options: [(CURLoption, Int)] = [
                    (CURLOPT_NOSIGNAL, 1),
                    (CURLOPT_FOLLOWLOCATION, 1),
                    (CURLOPT_MAXREDIRS, 5),
                    (CURLOPT_SSL_VERIFYPEER, 1),
                    (CURLOPT_SSL_VERIFYHOST, 2),
                    (CURLOPT_CONNECTTIMEOUT_MS, milliseconds(request.connectTimeout)),
                    (CURLOPT_TIMEOUT_MS, milliseconds(request.deadline)),
                    (CURLOPT_MAXFILESIZE, request.maxBodyBytes),
                    (CURLOPT_NOPROGRESS, 0),
                ]
                for (option, value) in options { mydex_curl_set_long(handle, option, value) }
                mydex_curl_set_string(handle, CURLOPT_URL, request.url)
                mydex_curl_set_string(handle, CURLOPT_USERAGENT, request.userAgent)
                mydex_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
                mydex_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
                mydex_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl decodes
                mydex_curl_set_slist(handle, CURLOPT_HTTPHEADER, headers)
                mydex_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorPointer.baseAddress)
                mydex_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
                    guard let data, let context else { return 0 }
                    let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
                    let length = size * count
                    guard sink.body.count + length <= sink.limit else {
                        sink.exceeded = true
                        return 0  // makes libcurl stop with CURLE_WRITE_ERROR
                    }
                    data.withMemoryRebound(to: UInt8.self, capacity: length) { sink.body.append($0, count: length) }
                    return length
                }
                mydex_curl_set_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque())
                mydex_curl_set_progress_callback(handle) { context, _, _, _, _ in
                    guard let context else { return 0 }
                    // Non-zero makes libcurl stop with CURLE_ABORTED_BY_CALLBACK.
                    return Unmanaged<Cancellation>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
                }
                mydex_curl_set_pointer(handle, CURLOPT_XFERINFODATA, Unmanaged.passUnretained(cancellation).toOpaque())
                return curl_easy_perform(handle)
            }
        }

        guard code == CURLE_OK else {
            let message = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let detail = message.isEmpty ? String(cString: curl_easy_strerror(code)) : message
            return .failure(transportError(code, detail: detail, request: request, sizeExceeded: sink.exceeded))
        }
        var status = 0
        mydex_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var contentType: UnsafeMutablePointer<CChar>?
        mydex_curl_get_string(handle, CURLINFO_CONTENT_TYPE, &contentType)
        return .success(HTTPResponse(
            status: status, contentType: contentType.map { String(cString: $0) },
            retryAfter: header(named: "Retry-After", handle), body: sink.body))
    }

    private static func header(named name: String, _ handle: UnsafeMutableRawPointer) -> String? {
        var header: UnsafeMutablePointer<curl_header>?
        // -1: the last request, i.e. the final response after redirects.
        guard curl_easy_header(handle, name, 0, UInt32(CURLH_HEADER), -1, &header) == CURLHE_OK,
              let value = header?.pointee.value
        else { return nil }
        return String(cString: value)
    }

    private static func transportError(
        _ code: CURLcode, detail: String, request: HTTPRequest, sizeExceeded: Bool
    ) -> TransportError {
        switch code {
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(request.deadline)
        case CURLE_FILESIZE_EXCEEDED:
            return .bodyTooLarge(limit: request.maxBodyBytes)
        case CURLE_WRITE_ERROR where sizeExceeded:
            return .bodyTooLarge(limit: request.maxBodyBytes)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT,
             CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE,
             CURLE_SSL_CONNECT_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .connectionFailed(detail)
        default:
            return .failed(detail)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
