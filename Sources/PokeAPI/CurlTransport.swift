import CCurlShim
import Foundation
import MydexText
import Synchronization

/// HTTP over libcurl: TLS verification on, gzip, redirects within http(s), a connect timeout, a
/// total deadline and a body-size cap. Each request runs its blocking `curl_easy_perform` on its
/// own thread, so concurrent requests proceed in parallel.
///
/// libcurl itself is loaded on the first request (`mydex_curl_load`), not at start-up.
public struct CurlTransport: HTTPTransport {
    public init() {}

    /// libcurl's functions, loading it on first use; a missing library is an error that says what to install.
    static func library() -> Result<UnsafePointer<mydex_curl_api>, TransportError> {
        var message = [CChar](repeating: 0, count: 512)
        guard let api = mydex_curl_load(&message, message.count) else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(.failed(tr("network.curl.missing", ["reason": reason])))
        }
        return .success(api)
    }

    public func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let cancellation = Cancellation()
        // The transfer's thread speaks the command's language: task-locals do not cross to a Thread.
        let translator = Translator.current
        // A cancelled task (Ctrl-C in `dex sync`) stops its transfer within about a second:
        // libcurl's progress callback sees the flag and aborts.
        let result: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread {
                    continuation.resume(returning: Translator.$current.withValue(translator) {
                        Self.perform(request, cancellation: cancellation)
                    })
                }
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
        let api: UnsafePointer<mydex_curl_api>
        switch library() {
        case .success(let loaded): api = loaded
        case .failure(let error): return .failure(error)
        }
        guard let handle = api.pointee.easy_init() else { return .failure(.failed(tr("network.curl.cannot-start"))) }
        defer { api.pointee.easy_cleanup(handle) }
        let headers = api.pointee.slist_append(nil, "Accept: application/json")
        defer { api.pointee.slist_free_all(headers) }
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
                for (option, value) in options { mydex_curl_set_long(api, handle, option, value) }
                mydex_curl_set_string(api, handle, CURLOPT_URL, request.url)
                mydex_curl_set_string(api, handle, CURLOPT_USERAGENT, request.userAgent)
                mydex_curl_set_string(api, handle, CURLOPT_PROTOCOLS_STR, "http,https")
                mydex_curl_set_string(api, handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
                mydex_curl_set_string(api, handle, CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl decodes
                mydex_curl_set_slist(api, handle, CURLOPT_HTTPHEADER, headers)
                mydex_curl_set_pointer(api, handle, CURLOPT_ERRORBUFFER, errorPointer.baseAddress)
                mydex_curl_set_data_callback(api, handle, CURLOPT_WRITEFUNCTION) { data, size, count, context in
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
                mydex_curl_set_pointer(api, handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque())
                mydex_curl_set_progress_callback(api, handle) { context, _, _, _, _ in
                    guard let context else { return 0 }
                    // Non-zero makes libcurl stop with CURLE_ABORTED_BY_CALLBACK.
                    return Unmanaged<Cancellation>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
                }
                mydex_curl_set_pointer(api, handle, CURLOPT_XFERINFODATA, Unmanaged.passUnretained(cancellation).toOpaque())
                return api.pointee.easy_perform(handle)
            }
        }

        guard code == CURLE_OK else {
            let message = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let detail = message.isEmpty ? api.pointee.easy_strerror(code).map { String(cString: $0) } ?? tr("network.curl.error", ["code": String(code.rawValue)]) : message
            return .failure(transportError(code, detail: detail, request: request, sizeExceeded: sink.exceeded))
        }
        var status = 0
        mydex_curl_get_long(api, handle, CURLINFO_RESPONSE_CODE, &status)
        var contentType: UnsafeMutablePointer<CChar>?
        mydex_curl_get_string(api, handle, CURLINFO_CONTENT_TYPE, &contentType)
        return .success(HTTPResponse(
            status: status, contentType: contentType.map { String(cString: $0) },
            retryAfter: header(named: "Retry-After", handle, api), body: sink.body))
    }

    private static func header(named name: String, _ handle: UnsafeMutableRawPointer, _ api: UnsafePointer<mydex_curl_api>) -> String? {
        var header: UnsafeMutablePointer<curl_header>?
        // -1: the last request, i.e. the final response after redirects.
        guard api.pointee.easy_header(handle, name, 0, UInt32(CURLH_HEADER), -1, &header) == CURLHE_OK,
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
