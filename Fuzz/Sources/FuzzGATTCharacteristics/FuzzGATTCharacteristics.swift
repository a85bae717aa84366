import FuzzSupport
import GATT

/// Characteristic values through the bike and running sensors' decoders: Cycling Power Measurement (0x2A63),
/// CSC Measurement (0x2A5B), RSC Measurement (0x2A53), Indoor Bike Data (0x2AD2), Battery Level (0x2A19)
/// Sensor Location (0x2A5D), and the Fitness Machine Control Point's responses (0x2AD9) and Status (0x2ADA), which a
/// trainer sends back. Every input goes through each of them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let value = Array(UnsafeBufferPointer(start: bytes, count: count))
    _ = try? CyclingPowerMeasurement(value)
    _ = try? CSCMeasurement(value)
    _ = try? RSCMeasurement(value)
    _ = try? IndoorBikeData(value)
    _ = try? BatteryLevel(value)
    _ = try? SensorLocation(value)
    _ = try? FitnessMachineResponse(value)
    _ = try? FitnessMachineStatus(value)
    return 0
}

/// SwiftPM names an executable's entry point after its module.
@_cdecl("FuzzGATTCharacteristics_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
