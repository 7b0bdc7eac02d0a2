/// A value made the first time it is asked for, then kept: for what a command may not need at
/// all (the in-memory Pokédex of `sprite`, which a bare picture never opens). Confined to one
/// command's `run`, so it needs no lock.
final class OnDemand<Value> {
    private let make: () throws -> Value
    private var made: Value?

    init(_ make: @escaping () throws -> Value) { self.make = make }

    func value() throws -> Value {
        if let made { return made }
        let value = try make()
        made = value
        return value
    }
}
