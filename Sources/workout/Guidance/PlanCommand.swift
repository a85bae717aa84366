import ArgumentParser
import Foundation
import OpenHealthKit
import PlanGuidance
import WorkoutFormats
import WorkoutLibrary

/// `workout plan show|check|export`: structured workouts read from FIT workout files, Zwift's `.zwo` and the YAML
/// form, their steps and targets for the athlete, and written as FIT workout files for a head unit.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Read a structured workout (FIT workout, Zwift .zwo or YAML), check it, and write it for a head unit.",
        discussion: "`workout record --workout FILE` rides one: the dashboard shows the step, its target and what is left, each step is a lap, and the end says how well each step was held.",
        subcommands: [Show.self, CheckPlans.self, Export.self]
    )

    /// The plan in `path`, read by its extension: `.fit`, `.zwo`, or `.yaml`/`.yml`.
    static func read(_ path: String) throws -> WorkoutPlan {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecordingsError("\(path): no such file, or it cannot be read.")
        }
        do {
            return try WorkoutPlan.read(data, fileExtension: URL(fileURLWithPath: path).pathExtension)
        } catch let error as WorkoutPlanError {
            throw RecordingsError(error.description(in: path))
        } catch let error as FITDecodingError {
            throw RecordingsError("\(path): \(error)")
        }
    }

    /// The plan's target in its own terms: `88–93 % FTP`, `power zone 4`, `150–160 bpm`.
    static func planned(_ target: WorkoutPlan.Target) -> String {
        func power(_ level: WorkoutPlan.Power) -> (String, String) {
            switch level {
            case .ftp(let fraction): (formatNumber((fraction * 1_000).rounded() / 10), "% FTP")
            case .watts(let watts): (formatNumber(watts), "W")
            }
        }
        func heart(_ level: WorkoutPlan.HeartRate) -> (String, String) {
            switch level {
            case .maximum(let fraction): (formatNumber((fraction * 1_000).rounded() / 10), "% of maximum heart rate")
            case .bpm(let bpm): (formatNumber(bpm), "bpm")
            }
        }
        func band(_ a: (String, String), _ b: (String, String), arrow: String = "–") -> String {
            a == b ? "\(a.0) \(a.1)" : a.1 == b.1 ? "\(a.0)\(arrow)\(b.0) \(a.1)" : "\(a.0) \(a.1)\(arrow)\(b.0) \(b.1)"
        }
        return switch target {
        case .none: "no target"
        case .power(let low, let high): band(power(low), power(high))
        case .powerRamp(let from, let to): "ramp " + band(power(from), power(to), arrow: "→")
        case .powerZone(let zone): "power zone \(zone)"
        case .heartRate(let low, let high): band(heart(low), heart(high))
        case .heartRateZone(let zone): "heart-rate zone \(zone)"
        case .cadence(let low, let high): band((formatNumber(low), "rpm"), (formatNumber(high), "rpm"))
        case .speed(let low, let high): band((String(format: "%.1f", low * 3.6), "km/h"), (String(format: "%.1f", high * 3.6), "km/h"))
        }
    }

    /// A step's length: `10:00`, `400 m`, `2.00 km`, or `lap`.
    static func length(_ extent: WorkoutPlan.Extent) -> String {
        switch extent {
        case .time(let seconds): WorkoutFigures.clock(seconds)
        case .distance(let meters): meters < 1_000 ? "\(formatNumber(meters)) m" : String(format: "%.2f km", meters / 1_000)
        case .open: "lap"
        }
    }

    /// The athlete's figures for targets: the options, else the store's latest values, else none.
    struct AthleteOptions: ParsableArguments {
        @Option(help: ArgumentHelp("FTP in watts for targets given as % FTP or power zones (default: the store's, from `workout athlete set`).", valueName: "watts"))
        var ftp: Double?

        @Option(help: ArgumentHelp("Maximum heart rate for targets given as % of maximum or heart-rate zones (default: the store's).", valueName: "bpm"))
        var maxHeartRate: Double?

        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            if let ftp, !(30...2_500).contains(ftp) { throw ValidationError("--ftp must be between 30 and 2500 W.") }
            if let maxHeartRate, !(100...240).contains(maxHeartRate) { throw ValidationError("--max-heart-rate must be between 100 and 240 bpm.") }
        }

        func athlete(at date: Date) async -> PlanAthlete {
            var athlete = PlanAthlete(functionalThresholdPower: ftp, maximumHeartRate: maxHeartRate)
            if ftp == nil || maxHeartRate == nil, let store = try? storeOptions.openExisting(), let history = try? await AthleteHistory(store: store) {
                athlete.functionalThresholdPower = ftp ?? history.value(.functionalThresholdPower, at: date)
                athlete.maximumHeartRate = maxHeartRate ?? history.value(.maximumHeartRate, at: date)
            }
            return athlete
        }
    }

    /// `workout plan show FILE`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a plan's steps in the order ridden, with their targets in the plan's terms and the athlete's.")

        @Argument(help: ArgumentHelp("The plan: .fit, .zwo or .yaml.", valueName: "file"))
        var file: String

        @OptionGroup var athleteOptions: AthleteOptions

        func run() async throws {
            let plan = try PlanCommand.read(file)
            let athlete = await athleteOptions.athlete(at: Date())
            let unrolled = plan.unrolled
            let open = unrolled.filter { $0.step.extent == .open }.count
            let distance = unrolled.reduce(0.0) { if case .distance(let m) = $1.step.extent { $0 + m } else { $0 } }
            var summary = "\(plan.name) (\(plan.sport)): \(unrolled.count) steps, \(clockText(plan.timedSeconds)) by time"
            if distance > 0 { summary += String(format: ", %.2f km by distance", distance / 1_000) }
            if open > 0 { summary += ", \(open) until lap" }
            if let ftp = athlete.functionalThresholdPower { summary += ", FTP \(formatNumber(ftp)) W" }
            if let maximum = athlete.maximumHeartRate { summary += ", maximum heart rate \(formatNumber(maximum)) bpm" }
            print(summary)
            // Targets for the athlete when every figure they need is known; else in the plan's terms only, and why.
            let worked = Result { () throws(PlanGuidanceError) in try GuidedStep.steps(of: plan, for: athlete) }
            let guided = try? worked.get()
            var rows: [[String]] = []
            for (index, planned) in unrolled.enumerated() {
                let step = planned.step
                var target = PlanCommand.planned(step.target)
                if let guided, step.target != .none {
                    let mine = guided[index].targetText
                    if mine != target { target += " = \(mine)" }
                }
                if let cadence = step.cadence { target += ", \(formatNumber(cadence)) rpm" }
                let title = planned.title
                rows.append([String(planned.number), title, step.intensity.rawValue, PlanCommand.length(step.extent), target])
            }
            printTable(header: ["#", "STEP", "INTENSITY", "LENGTH", "TARGET"], rows: rows)
            if case .failure(let error) = worked { print("Targets in the plan's terms only: \(error.description).") }
        }
    }

    /// `workout plan check FILE…`.
    struct CheckPlans: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Read plans and say what is wrong with each, where (exit status 1 when any is wrong).")

        @Argument(help: ArgumentHelp("Plans: .fit, .zwo or .yaml.", valueName: "file"))
        var files: [String]

        @OptionGroup var athleteOptions: AthleteOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("Give at least one plan file.") }
        }

        func run() async throws {
            let athlete = await athleteOptions.athlete(at: Date())
            var failed = 0
            for file in files {
                do {
                    let plan = try PlanCommand.read(file)
                    let steps = try GuidedStep.steps(of: plan, for: athlete)
                    print("ok    \(file): \(plan.name), \(steps.count) steps, \(clockText(plan.timedSeconds)) by time")
                } catch let error as PlanGuidanceError {
                    failed += 1
                    print("error \(file): \(error.description)")
                } catch {
                    failed += 1
                    print("error \(error)")
                }
            }
            if failed > 0 { throw ExitCode(1) }
        }
    }

    /// `workout plan export FILE --to fit|yaml`.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a plan as a FIT workout file (for a Garmin or any head unit that takes FIT workouts) or in the YAML form.")

        enum Format: String, ExpressibleByArgument, CaseIterable { case fit, yaml }

        @Argument(help: ArgumentHelp("The plan: .fit, .zwo or .yaml.", valueName: "file"))
        var file: String

        @Option(name: .customLong("to"), help: "The format to write.")
        var format: Format = .fit

        @Option(name: .shortAndLong, help: ArgumentHelp("Where to write it (default: the plan's name with the format's extension).", valueName: "path"))
        var output: String?

        func run() async throws {
            let plan = try PlanCommand.read(file)
            let data: Data = switch format {
            case .fit: plan.fitData(createdAt: Date())
            case .yaml: Data(plan.yamlText.utf8)
            }
            let path = try writeNamedFile(data, name: plan.name, fileExtension: format.rawValue, output: output)
            print("Wrote \(path): \(plan.name), \(plan.unrolled.count) steps, \(data.count) bytes")
        }
    }
}
