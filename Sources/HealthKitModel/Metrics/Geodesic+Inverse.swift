import Foundation

extension Geodesic {
    // MARK: Inverse problem

    package static let tiny = Double.leastNormalMagnitude.squareRoot()
    package static let tol0 = Double.ulpOfOne
    package static let tol1 = 200 * tol0
    package static let tol2 = tol0.squareRoot()
    package static let tolb = tol0 * tol2
    package static let xthresh = 1000 * tol2
    /// The longest arc, in radians on the auxiliary sphere (about 64 m on the
    /// Earth), solved in closed form by Karney's short-line solution: the arc on
    /// the auxiliary sphere with the longitude difference scaled by the ellipsoid
    /// at the mean latitude, with no Newton's iterations. Karney takes it only for
    /// arcs under about 4 × 10⁻⁸ (a quarter of a metre), where its error is
    /// below rounding. Up to this arc it agrees with the iterated solution and with
    /// GeographicLib within 3 nm, the resolution of coordinates given in degrees
    /// (GeodesicTests), and every step of a track at 1 Hz up to 230 km/h takes
    /// it: about half the time of the iterated solution.
    package static let shortLineArc = 1e-5

    /// The distance in metres along the shortest path between two points,
    /// given in degrees.
    public func distance(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        inverse(latitude1, longitude1, latitude2, longitude2).distance
    }

    /// Scales (x, y) to unit length. The pairs are sines and cosines, never
    /// large enough to overflow: the plain square root is within an ulp of
    /// `hypot`, at a fraction of its cost.
    package static func normalize(_ x: inout Double, _ y: inout Double) {
        let r = (x * x + y * y).squareRoot()
        x /= r
        y /= r
    }

    /// An angle in degrees reduced to [−180, 180]. Angles already in range are
    /// returned as they are, as `remainder` would return them, without its cost.
    package static func reduced(_ x: Double) -> Double {
        abs(x) <= 180 ? x : remainder(x, 360)
    }

    /// The difference y − x in degrees, reduced to [−180, 180], with its rounding error.
    package static func angleDifference(_ x: Double, _ y: Double) -> (Double, Double) {
        let (d, t) = sum(reduced(-x), reduced(y))
        let (dd, e) = sum(reduced(d), t)
        var result = dd
        if result == 0 || abs(result) == 180 {
            result = copysign(result, e == 0 ? y - x : -e)
        }
        return (result, e)
    }

    package static func sum(_ u: Double, _ v: Double) -> (Double, Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        let t = s != 0 ? -(up + vpp) : s
        return (s, t)
    }

    package static func angleRound(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        y = y < z ? z - (z - y) : y
        return copysign(y, x)
    }

    /// sin and cos of an angle in degrees, exact for multiples of 90°.
    package static func sincosd(_ x: Double) -> (Double, Double) {
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

    package struct Lengths {
        package var s12b = Double.nan
        package var m12b = Double.nan
        package var m0 = Double.nan
    }

    package func lengths(_ eps: Double, _ sig12: Double, _ ssig1: Double, _ csig1: Double, _ dn1: Double,
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
    package static func astroid(_ x: Double, _ y: Double) -> Double {
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

    package func inverseStart(_ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ sbet2: Double, _ cbet2: Double, _ dn2: Double,
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

    package func lambda12(_ sbet1: Double, _ cbet1: Double, _ dn1: Double, _ sbet2: Double, _ cbet2: Double, _ dn2: Double,
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
    package func inverse(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> (distance: Double, sigma: Double) {
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
