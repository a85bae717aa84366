public import HealthKitModel
import Foundation

extension ActivityCreator {
    /// The manufacturer's name in the FIT profile, such as "Garmin" or "Wahoo Fitness".
    public var manufacturerName: String { Self.manufacturerName(manufacturer) }

    /// The product's name in the FIT profile, such as "Edge 500", where the profile
    /// lists the manufacturer's products (Garmin's, with Dynastream's and Tacx's, and Favero's).
    public var productName: String? { Self.products(of: manufacturer)?[product] }

    /// A name for a FIT manufacturer number.
    static func manufacturerName(_ number: UInt16) -> String {
        FITProfileNames.manufacturers[number] ?? "manufacturer \(number)"
    }

    /// The product table the FIT profile keeps for a manufacturer, if any.
    static func products(of manufacturer: UInt16) -> [UInt16: String]? {
        switch manufacturer {
        case 1, 13, 15, 89: FITProfileNames.garminProducts
        case 263: FITProfileNames.faveroProducts
        default: nil
        }
    }

    /// The device as HealthKit describes one: its name, the manufacturer's and
    /// the product's names (the product's number where the profile has no name),
    /// and its software version. Files that name no manufacturer (most TCX and GPX)
    /// give a device with only a name.
    public var device: HKDevice {
        let known = manufacturer != 0
        return HKDevice(name: name, manufacturer: known ? manufacturerName : nil,
                        model: known ? (productName ?? "product \(product)") : nil, hardwareVersion: nil, firmwareVersion: nil,
                        softwareVersion: softwareVersion.map { String($0) }, localIdentifier: nil, udiDeviceIdentifier: nil)
    }

    /// The creator a stored workout's device describes (``device``, read back), so that an
    /// export names the device that recorded the workout; nil when the device names no
    /// manufacturer the FIT profile knows (a workout recorded here).
    public init?(device: HKDevice?) {
        guard let device, let manufacturerName = device.manufacturer, let model = device.model,
              let manufacturer = FITProfileNames.manufacturers.filter({ $0.value == manufacturerName }).keys.min() else { return nil }
        let product: UInt16
        // "product 1234" for a product the profile does not name; a bare number as stores before names kept it.
        if let number = model.hasPrefix("product ") ? UInt16(model.dropFirst("product ".count)) : UInt16(model) {
            product = number
        } else if let number = Self.products(of: manufacturer)?.filter({ $0.value == model }).keys.min() {
            product = number
        } else {
            return nil
        }
        self.init(name: device.name ?? model, manufacturer: manufacturer, product: product,
                  softwareVersion: device.softwareVersion.flatMap(Double.init))
        if let productName, device.name == nil || device.name == "\(manufacturerName) product \(product)" { name = productName }
    }

    /// The creator of a workout imported from a file that named its device but no FIT
    /// manufacturer (a TCX `Creator`, a GPX `creator` such as "Urban Biker"): that name, under
    /// FIT's "development" manufacturer; nil for a device without a name.
    public init?(named device: HKDevice?) {
        guard let name = device?.name, !name.isEmpty, name != "unknown device" else { return nil }
        self.init(name: name, manufacturer: 255, product: 0)
    }

    /// Who made it and what it is, for people: "Garmin Edge 500", or the name alone
    /// where it already says the maker or no maker is known.
    public var displayName: String {
        let product = productName ?? name
        guard manufacturer != 0, manufacturer != 255, !product.localizedCaseInsensitiveContains(manufacturerName) else { return product }
        return "\(manufacturerName) \(product)"
    }
}
