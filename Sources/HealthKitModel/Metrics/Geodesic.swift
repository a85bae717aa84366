import Foundation

/// Distances on the WGS 84 ellipsoid by Karney's algorithm (C. F. F. Karney,
/// "Algorithms for geodesics", *J. Geodesy* 87:43–55, 2013), with series to
/// sixth order in the third flattening.
///
/// Accurate to about 15 nanometres anywhere on Earth (a few nanometres for the
/// short steps of a track, solved without iterating) and always converging,
/// including for nearly antipodal points, where Vincenty's method fails. The
/// spherical haversine formula errs by up to about 0.5 %, which is why workout
/// distances use this instead.
///
/// ```swift
/// Geodesic.wgs84.distance(latitude1: 40.64, longitude1: -73.78, latitude2: 1.36, longitude2: 103.99)
/// ```
public struct Geodesic: Sendable {
    /// The equatorial radius in metres.
    public let equatorialRadius: Double
    /// The flattening.
    public let flattening: Double

    package let f1, e2, ep2, n, b: Double
    /// Below this arc on the auxiliary sphere, Karney's short-line solution is
    /// taken without Newton’s iterations (see shortLineArc).
    package let etol2: Double
    package let a3x: InlineArray<6, Double>
    package let c3x: InlineArray<15, Double>

    /// The WGS 84 ellipsoid: a = 6,378,137 m, f = 1/298.257223563.
    public static let wgs84 = Geodesic(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

    /// An ellipsoid with the given equatorial radius and flattening.
    public init(equatorialRadius a: Double, flattening f: Double) {
        equatorialRadius = a
        flattening = f
        f1 = 1 - f
        e2 = f * (2 - f)
        ep2 = e2 / ((1 - f) * (1 - f))
        let third = f / (2 - f)
        n = third
        b = a * (1 - f)
        // Karney's bound, widened to cover every step of a track (see shortLineArc).
        etol2 = max(0.1 * Self.tol2 / (max(0.001, abs(f)) * min(1, 1 - f / 2) / 2).squareRoot(), Self.shortLineArc)
        // A3 and C3 coefficients as polynomials in n (Karney 2013, eqs. 24–25).
        let a3Table: [[Double]] = [[-3, 128], [-2, -3, 64], [-1, -3, -1, 16], [3, -1, -2, 8], [1, -1, 2], [1, 1]]
        // Rows are the coefficients of eps^5 … eps^0; stored lowest power first.
        let a3 = a3Table.reversed().map { Self.polyval(Array($0.dropLast()), third) / $0.last! }
        a3x = InlineArray { a3[$0] }
        let c3Table: [[[Double]]] = [
            [[3, 128], [2, 5, 128], [-1, 3, 3, 64], [-1, 0, 1, 8], [-1, 1, 4]],
            [[5, 256], [1, 3, 128], [-3, -2, 3, 64], [1, -3, 2, 32]],
            [[7, 512], [-10, 9, 384], [5, -9, 5, 192]],
            [[7, 512], [-14, 7, 512]],
            [[21, 2560]],
        ]
        // For each C3[l], the coefficients of eps^5 … eps^l, highest power first, as Horner's rule reads them.
        let c3 = c3Table.flatMap { orders in orders.map { Self.polyval(Array($0.dropLast()), third) / $0.last! } }
        c3x = InlineArray { c3[$0] }
    }

    /// Evaluates a polynomial with coefficients from the highest power down.
    package static func polyval(_ coefficients: [Double], _ x: Double) -> Double {
        coefficients.reduce(0) { $0 * x + $1 }
    }

    // MARK: Series

    /// Series coefficients c[1…6] (c[0] unused), held inline: the inverse
    /// problem runs once per GPS fix, so it must not allocate.
    package typealias Coefficients = InlineArray<7, Double>

    package static func a1m1(_ eps: Double) -> Double {
        let eps2 = eps * eps
        let t = eps2 * (eps2 * (eps2 + 4) + 64) / 256
        return (t + eps) / (1 - eps)
    }

    package static func c1(_ eps: Double) -> Coefficients {
        let eps2 = eps * eps
        var c = Coefficients(repeating: 0)
        var d = eps
        c[1] = d * ((6 - eps2) * eps2 - 16) / 32
        d *= eps
        c[2] = d * ((64 - 9 * eps2) * eps2 - 128) / 2048
        d *= eps
        c[3] = d * (9 * eps2 - 16) / 768
        d *= eps
        c[4] = d * (3 * eps2 - 5) / 512
        d *= eps
        c[5] = -7 * d / 1280
        d *= eps
        c[6] = -7 * d / 2048
        return c
    }

    package static func a2m1(_ eps: Double) -> Double {
        let eps2 = eps * eps
        let t = eps2 * (eps2 * (-11 * eps2 - 28) - 192) / 256
        return (t - eps) / (1 + eps)
    }

    package static func c2(_ eps: Double) -> Coefficients {
        let eps2 = eps * eps
        var c = Coefficients(repeating: 0)
        var d = eps
        c[1] = d * (eps2 * (eps2 + 2) + 16) / 32
        d *= eps
        c[2] = d * (eps2 * (35 * eps2 + 64) + 384) / 2048
        d *= eps
        c[3] = d * (15 * eps2 + 80) / 768
        d *= eps
        c[4] = d * (7 * eps2 + 35) / 512
        d *= eps
        c[5] = 63 * d / 1280
        d *= eps
        c[6] = 77 * d / 2048
        return c
    }

    package func a3(_ eps: Double) -> Double {
        // a3x holds the coefficients of eps^0 ... eps^5.
        var result = 0.0
        for index in a3x.indices.reversed() { result = result * eps + a3x[index] }
        return result
    }

    /// C3[1…5]; the sixth slot stays 0, which leaves the sine series unchanged.
    package func c3(_ eps: Double) -> Coefficients {
        var c = Coefficients(repeating: 0)
        var offset = 0
        var mult = 1.0
        for l in 1...5 {
            let count = 6 - l
            mult *= eps
            var value = 0.0
            for index in offset..<(offset + count) { value = value * eps + c3x[index] }
            offset += count
            c[l] = mult * value
        }
        return c
    }

    /// Σ c[k] sin(2kσ) by Clenshaw summation.
    package static func sinSeries(_ sinx: Double, _ cosx: Double, _ c: borrowing Coefficients) -> Double {
        var k = c.count - 1
        let ar = 2 * (cosx - sinx) * (cosx + sinx)
        var y0 = k & 1 == 1 ? c[k] : 0
        var y1 = 0.0
        k -= k & 1 == 1 ? 1 : 0
        while k > 0 {
            y1 = ar * y0 - y1 + c[k]
            y0 = ar * y1 - y0 + c[k - 1]
            k -= 2
        }
        return 2 * sinx * cosx * y0
    }
}
