/// The bytes of a value written as hex pairs, as sniffers print them: "2C 00 9F".
func bytes(_ hex: String) -> [UInt8] {
    hex.split(separator: " ").map { UInt8($0, radix: 16) ?? 0 }
}
