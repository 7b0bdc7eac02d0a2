/// mydex's version, as `--version` prints it and the User-Agent sends it.
public enum MydexVersion {
    public static let current = "0.1.0"
}
