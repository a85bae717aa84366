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

    private let f1, e2, ep2, n, b: Double
    /// Below this arc on the auxiliary sphere, Karney's short-line solution is
    /// taken without Newton’s iterations (see shortLineArc).
    private let etol2: Double
    private let a3x: InlineArray<6, Double>
    private let c3x: InlineArray<15, Double>

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
    private static func polyval(_ coefficients: [Double], _ x: Double) -> Double {
        coefficients.reduce(0) { $0 * x + $1 }
    }

    // MARK: Series

    /// Series coefficients c[1…6] (c[0] unused), held inline: the inverse
    /// problem runs once per GPS fix, so it must not allocate.
    private typealias Coefficients = InlineArray<7, Double>

    private static func a1m1(_ eps: Double) -> Double {
        let eps2 = eps * eps
        let t = eps2 * (eps2 * (eps2 + 4) + 64) / 256
        return (t + eps) / (1 - eps)
    }

    private static func c1(_ eps: Double) -> Coefficients {
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

    private static func a2m1(_ eps: Double) -> Double {
        let eps2 = eps * eps
        let t = eps2 * (eps2 * (-11 * eps2 - 28) - 192) / 256
        return (t - eps) / (1 + eps)
    }

    private static func c2(_ eps: Double) -> Coefficients {
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

    private func a3(_ eps: Double) -> Double {
        // a3x holds the coefficients of eps^0 ... eps^5.
        var result = 0.0
        for index in a3x.indices.reversed() { result = result * eps + a3x[index] }
        return result
    }

    /// C3[1…5]; the sixth slot stays 0, which leaves the sine series unchanged.
    private func c3(_ eps: Double) -> Coefficients {
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
    private static func sinSeries(_ sinx: Double, _ cosx: Double, _ c: borrowing Coefficients) -> Double {
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

    // MARK: Inverse problem

    private static let tiny = Double.leastNormalMagnitude.squareRoot()
    private static let tol0 = Double.ulpOfOne
    private static let tol1 = 200 * tol0
    private static let tol2 = tol0.squareRoot()
    private static let tolb = tol0 * tol2
    private static let xthresh = 1000 * tol2
    /// The longest arc, in radians on the auxiliary sphere (about 64 m on the
    /// Earth), solved in closed form by Karney's short-line solution: the arc on
    /// the auxiliary sphere with the longitude difference scaled by the ellipsoid
    /// at the mean latitude, with no Newton's iterations. Karney takes it only for
    /// arcs under about 4 × 10⁻⁸ (a quarter of a metre), where its error is
    /// below rounding. Up to this arc it agrees with the iterated solution and with
    /// GeographicLib within 3 nm, the resolution of coordinates given in degrees
    /// (GeodesicTests), and every step of a track at 1 Hz up to 230 km/h takes
    /// it: about half the time of the iterated solution.
    static let shortLineArc = 1e-5

    /// The distance in metres along the shortest path between two points,
    /// given in degrees.
    public func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        inverse(latitude1, longitude1, latitude2, longitude2).distance
    }

    /// Scales (x, y) to unit length. The pairs are sines and cosines, never
    /// large enough to overflow: the plain square root is within an ulp of
    /// `hypot`, at a fraction of its cost.
    private static func normalize(_ x: inout Double, _ y: inout Double) {
        let r = (x * x + y * y).squareRoot()
        x /= r
        y /= r
    }

    /// An angle in degrees reduced to [−180, 180]. Angles already in range are
    /// returned as they are, as `remainder` would return them, without its cost.
    private static func reduced(_ x: Double) -> Double {
        abs(x) <= 180 ? x : remainder(x, 360)
    }

    /// The difference y − x in degrees, reduced to [−180, 180], with its rounding error.
    private static func angleDifference(_ x: Double, _ y: Double) -> (Double, Double) {
        let (d, t) = sum(reduced(-x), reduced(y))
        let (dd, e) = sum(reduced(d), t)
        var result = dd
        if result == 0 || abs(result) == 180 {
            result = copysign(result, e == 0 ? y - x : -e)
        }
        return (result, e)
    }

    private static func sum(_ u: Double, _ v: Double) -> (Double, Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        let t = s != 0 ? -(up + vpp) : s
        return (s, t)
    }

    private static func angleRound(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        y = y < z ? z - (z - y) : y
        return copysign(y, x)
    }

    /// sin and cos of an angle in degrees, exact for multiples of 90°.
    private static func sincosd(_ x: Double) -> (Double, Double) {
        var r = abs(x) < 360 ? x : fmod(x, 360)
        let q = r.isFinite ? Int((r / 90).rounded(.toNearestOrEven)) : 0
        r -= 90 * Double(q)
        r *= .pi / 180
        let s = sin(r), c = cos(r)
        var sinx: Double, cosx: Double
        switch ((q % 4) + 4) % 4 {
        case 0: (sinx, cosx) = (s, c)
        case 1: (sinx, cosx) = (c, -s)
        case 2: (sinx, cosx) = (-s, -c)
        default: (sinx, cosx) = (-c, s)
        }
        cosx += 0
        if sinx == 0 { sinx = copysign(sinx, x) }
        return (sinx, cosx)
    }

    private struct Lengths {
        var s12b = Double.nan
        var m12b = Double.nan
        var m0 = Double.nan
    }

    private func lengths(_ eps: Double, _ sig12: Double, _ ssig1: Double, _ csig1: Double, _ dn1: Double,
                         _ ssig2: Double, _ csig2: Double, _ dn2: Double, _ cbet1: Double, _ cbet2: Double) -> Lengths {
        let c1a = Self.c1(eps), c2a = Self.c2(eps)
        let a1 = Self.a1m1(eps), a2 = Self.a2m1(eps)
        let m0x = a1 - a2
        let a1p = 1 + a1, a2p = 1 + a2
        let b1 = Self.sinSeries(ssig2, csig2, c1a) - Self.sinSeries(ssig1, csig1, c1a)
        var c2b = c2a
        for l in 1..<7 { c2b[l] = a1p * c1a[l] - a2p * c2a[l] }
        let j12 = m0x * sig12 + (Self.sinSeries(ssig2, csig2, c2b) - Self.sinSeries(ssig1, csig1, c2b))
        var result = Lengths()
        result.s12b = a1p * (sig12 + b1)
        result.m0 = m0x
        result.m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return result
    }

    /// The root of Karney's astroid equation, for starting nearly antipodal problems.
    private static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x, q = y * y, r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4, r2 = r * r, r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(ang / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    private func inverseStart(_ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ sbet2: Double, _ cbet2: Double, _ dn2: Double,
                              _ lam12: Double, _ slam12: Double, _ clam12: Double)
        -> (sig12: Double, salp1: Double, calp1: Double, dnm: Double) {
        var sig12 = -1.0, dnm = Double.nan
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1
        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double, comg12: Double
        if shortline {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }
        var salp1 = cbet2 * somg12
        var calp1 = comg12 >= 0 ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12) : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = hypot(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12
        if shortline && ssig12 < etol2 {
            // The azimuth at the second point is not needed for the distance.
            sig12 = atan2(ssig12, csig12)
        } else if abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
            // Zeroth-order spherical approximation is good enough.
        } else {
            let lam12x = atan2(-slam12, -clam12)
            var x: Double, y: Double, lamscale: Double, betscale: Double
            if flattening >= 0 {
                let k2 = sbet1 * sbet1 * ep2
                let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
                lamscale = flattening * cbet1 * a3(eps) * .pi
                betscale = lamscale * cbet1
                x = lam12x / lamscale
                y = sbet12a / betscale
            } else {
                let cbet12a = cbet2 * cbet1 - sbet2 * sbet1
                let bet12a = atan2(sbet12a, cbet12a)
                let l = lengths(n, .pi + bet12a, sbet1, -cbet1, dn1, sbet2, cbet2, dn2, cbet1, cbet2)
                x = -1 + l.m12b / (cbet1 * cbet2 * l.m0 * .pi)
                betscale = x < -0.01 ? sbet12a / x : -flattening * cbet1 * cbet1 * .pi
                lamscale = betscale / cbet1
                y = lam12x / lamscale
            }
            if y > -Self.tol1 && x > -1 - Self.xthresh {
                if flattening >= 0 {
                    salp1 = min(1, -x)
                    calp1 = -(1 - salp1 * salp1).squareRoot()
                } else {
                    calp1 = max(x > -Self.tol1 ? 0 : -1, x)
                    salp1 = (1 - calp1 * calp1).squareRoot()
                }
            } else {
                let k = Self.astroid(x, y)
                let omg12a = lamscale * (flattening >= 0 ? -x * k / (1 + k) : -y * (1 + k) / k)
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        if !(salp1 <= 0) {
            Self.normalize(&salp1, &calp1)
        } else {
            salp1 = 1
            calp1 = 0
        }
        return (sig12, salp1, calp1, dnm)
    }

    private func lambda12(_ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ sbet2: Double, _ cbet2: Double, _ dn2: Double,
                          _ salp1In: Double, _ calp1In: Double, _ slam120: Double, _ clam120: Double, _ diffp: Bool)
        -> (lam12: Double, salp2: Double, calp2: Double, sig12: Double, ssig1: Double, csig1: Double, ssig2: Double, csig2: Double,
            eps: Double, domg12: Double, dlam12: Double) {
        var calp1 = calp1In
        if sbet1 == 0 && calp1 == 0 { calp1 = -Self.tiny }
        let salp1 = salp1In
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        var ssig1 = sbet1, somg1 = salp0 * sbet1
        var csig1 = calp1 * cbet1, comg1 = calp1 * cbet1
        Self.normalize(&ssig1, &csig1)
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2 = cbet2 != cbet1 || abs(sbet2) != -sbet1
            ? ((calp1 * cbet1) * (calp1 * cbet1) + (cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2))).squareRoot() / cbet2
            : abs(calp1)
        var ssig2 = sbet2, somg2 = salp0 * sbet2
        var csig2 = calp2 * cbet2, comg2 = calp2 * cbet2
        Self.normalize(&ssig2, &csig2)
        let sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2)
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)
        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3a = c3(eps)
        let b312 = Self.sinSeries(ssig2, csig2, c3a) - Self.sinSeries(ssig1, csig1, c3a)
        let domg12 = -flattening * a3(eps) * salp0 * (sig12 + b312)
        let lam12 = eta + domg12
        var dlam12 = Double.nan
        if diffp {
            if calp2 == 0 {
                dlam12 = -2 * f1 * dn1 / sbet1
            } else {
                let l = lengths(eps, sig12, ssig1, csig1, dn1, ssig2, csig2, dn2, cbet1, cbet2)
                dlam12 = l.m12b * f1 / (calp2 * cbet2)
            }
        }
        return (lam12, salp2, calp2, sig12, ssig1, csig1, ssig2, csig2, eps, domg12, dlam12)
    }

    /// Solves the inverse problem: the distance between two points given in degrees.
    func inverse(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> (distance: Double, sigma: Double) {
        var (lon12, lon12s) = Self.angleDifference(longitude1, longitude2)
        var lonsign: Double = lon12 >= 0 ? 1 : -1
        lon12 = lonsign * Self.angleRound(lon12)
        lon12s = Self.angleRound((180 - lon12) - lonsign * lon12s)
        let lam12 = lon12 * .pi / 180
        var slam12: Double, clam12: Double
        if lon12 > 90 {
            (slam12, clam12) = Self.sincosd(lon12s)
            clam12 = -clam12
        } else {
            (slam12, clam12) = Self.sincosd(lon12)
        }
        var lat1 = Self.angleRound(abs(latitude1) > 90 ? .nan : latitude1)
        var lat2 = Self.angleRound(abs(latitude2) > 90 ? .nan : latitude2)
        let swapp: Double = abs(lat1) < abs(lat2) ? -1 : 1
        if swapp < 0 {
            lonsign *= -1
            swap(&lat1, &lat2)
        }
        let latsign: Double = lat1 < 0 ? 1 : -1
        lat1 *= latsign
        lat2 *= latsign
        var (sbet1, cbet1) = Self.sincosd(lat1)
        sbet1 *= f1
        Self.normalize(&sbet1, &cbet1)
        cbet1 = max(Self.tiny, cbet1)
        var (sbet2, cbet2) = Self.sincosd(lat2)
        sbet2 *= f1
        Self.normalize(&sbet2, &cbet2)
        cbet2 = max(Self.tiny, cbet2)
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = copysign(sbet1, sbet2) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var sig12 = Double.nan, s12x = Double.nan, m12x = Double.nan
        var salp1 = 0.0, calp1 = 0.0
        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            calp1 = clam12
            salp1 = slam12
            // Along a meridian the azimuth at the second point is 0: cos 1, sin 0.
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = cbet2
            sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
            let l = lengths(n, sig12, ssig1, csig1, dn1, ssig2, csig2, dn2, cbet1, cbet2)
            s12x = l.s12b
            m12x = l.m12b
            if sig12 < 1 || m12x >= 0 {
                if sig12 < 3 * Self.tiny || (sig12 < Self.tol0 && (s12x < 0 || m12x < 0)) {
                    sig12 = 0
                    m12x = 0
                    s12x = 0
                }
                m12x *= b
                s12x *= b
            } else {
                meridian = false
            }
        }
        if !meridian && sbet1 == 0 && (flattening <= 0 || lon12s >= flattening * 180) {
            // Along the equator.
            s12x = equatorialRadius * lam12
            sig12 = lam12 / f1
        } else if !meridian {
            let start = inverseStart(sbet1, cbet1, dn1, sbet2, cbet2, dn2, lam12, slam12, clam12)
            sig12 = start.sig12
            salp1 = start.salp1
            calp1 = start.calp1
            if sig12 >= 0 {
                s12x = sig12 * b * start.dnm
            } else {
                var numit = 0
                var tripn = false, tripb = false
                var salp1a = Self.tiny, calp1a = 1.0, salp1b = Self.tiny, calp1b = -1.0
                var eps = 0.0, ssig1 = 0.0, csig1 = 0.0, ssig2 = 0.0, csig2 = 0.0
                while true {
                    let r = lambda12(sbet1, cbet1, dn1, sbet2, cbet2, dn2, salp1, calp1, slam12, clam12, numit < 20)
                    let v = r.lam12
                    sig12 = r.sig12
                    ssig1 = r.ssig1
                    csig1 = r.csig1
                    ssig2 = r.ssig2
                    csig2 = r.csig2
                    eps = r.eps
                    if tripb || !(abs(v) >= (tripn ? 8 : 1) * Self.tol0) || numit == 83 { break }
                    if v > 0 && (numit > 20 || calp1 / salp1 > calp1b / salp1b) {
                        salp1b = salp1
                        calp1b = calp1
                    } else if v < 0 && (numit > 20 || calp1 / salp1 < calp1a / salp1a) {
                        salp1a = salp1
                        calp1a = calp1
                    }
                    numit += 1
                    if numit < 20 && r.dlam12 > 0 {
                        let dalp1 = -v / r.dlam12
                        if abs(dalp1) < .pi {
                            let sdalp1 = sin(dalp1), cdalp1 = cos(dalp1)
                            let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                            if nsalp1 > 0 {
                                calp1 = calp1 * cdalp1 - salp1 * sdalp1
                                salp1 = nsalp1
                                Self.normalize(&salp1, &calp1)
                                tripn = abs(v) <= 16 * Self.tol0
                                continue
                            }
                        }
                    }
                    salp1 = (salp1a + salp1b) / 2
                    calp1 = (calp1a + calp1b) / 2
                    Self.normalize(&salp1, &calp1)
                    tripn = false
                    tripb = abs(salp1a - salp1) + (calp1a - calp1) < Self.tolb || abs(salp1 - salp1b) + (calp1 - calp1b) < Self.tolb
                }
                let l = lengths(eps, sig12, ssig1, csig1, dn1, ssig2, csig2, dn2, cbet1, cbet2)
                s12x = l.s12b * b
            }
        }
        return (0 + s12x, sig12)
    }
}
