import Foundation
import TestSupport
import Testing
import WorkoutFormats

@Suite struct WorkoutPlanTests {
    static let yaml = """
        name: Sweet spot 3 × 10
        sport: cycling
        steps:
          - warmup: 10min
            ramp: 50%..75%
          - repeat: 3
            steps:
              - name: Sweet spot
                active: 10min
                power: 88%..93%
                cadence: 90
              - recovery: 5min
                power: 55%
          - interval: 400m
            heartRate: 150..160
          - name: Spin
            active: 90s
            cadence: 95..105
          - rest: 2min
            heartRate: zone 1
          - active: 30s
            power: 300W..320W
          - cooldown: open
            speed: 25km/h..28km/h
            notes: "Easy, then press lap"
        """

    static let expected = WorkoutPlan(name: "Sweet spot 3 × 10", sport: .cycling, blocks: [
        .step(.init(intensity: .warmup, extent: .time(600), target: .powerRamp(from: .ftp(0.5), to: .ftp(0.75)))),
        .repeated(times: 3, [
            .step(.init(name: "Sweet spot", intensity: .active, extent: .time(600), target: .power(low: .ftp(0.88), high: .ftp(0.93)), cadence: 90)),
            .step(.init(intensity: .recovery, extent: .time(300), target: .power(low: .ftp(0.55), high: .ftp(0.55)))),
        ]),
        .step(.init(intensity: .interval, extent: .distance(400), target: .heartRate(low: .bpm(150), high: .bpm(160)))),
        .step(.init(name: "Spin", intensity: .active, extent: .time(90), target: .cadence(low: 95, high: 105))),
        .step(.init(intensity: .rest, extent: .time(120), target: .heartRateZone(1))),
        .step(.init(intensity: .active, extent: .time(30), target: .power(low: .watts(300), high: .watts(320)))),
        .step(.init(intensity: .cooldown, extent: .open, target: .speed(low: UnitText.speed("25km/h")!, high: UnitText.speed("28km/h")!), notes: "Easy, then press lap")),
    ])

    @Test func theYAMLFormReadsEveryKindOfStep() throws {
        let plan = try WorkoutPlan.readYAML(Self.yaml)
        #expect(plan.name == Self.expected.name)
        #expect(plan.blocks.count == Self.expected.blocks.count)
        for (read, expected) in zip(plan.blocks, Self.expected.blocks) { #expect(read == expected) }
        // 1 + 3 × 2 + 5 steps ridden; 10 + 30 + 45 + 1.5 + 2 + 0.5 minutes of them timed.
        #expect(plan.unrolled.count == 12)
        let timed: Double = 600 + 3 * 900 + 90 + 120 + 30
        #expect(plan.timedSeconds == timed)
        #expect(plan.unrolled[3].repetition.map(\.index) == [2])
        #expect(plan.unrolled[3].repetition.map(\.of) == [3])
    }

    @Test func theYAMLFormIsReadBackAsWritten() throws {
        let plan = try WorkoutPlan.readYAML(Self.yaml)
        let again = try WorkoutPlan.readYAML(plan.yamlText)
        #expect(again == plan)
    }

    @Test(arguments: [
        ("name: x\nsteps:\n  - active: 10min\n    power: 88 W%\n", 4, "`88 W%` is not a power or a band of them (low..high)"),
        ("name: x\nsteps:\n  - active: 10min\n    watts: 200W\n", 4, "`watts` is not a step field"),
        ("name: x\nsteps:\n  - power: 200W\n", 3, "the step has no length"),
        ("name: x\nsteps:\n  - repeat: 0\n    steps: []\n", 3, "`repeat: 0` is not a count from 1 to 1,000"),
        ("name: x\nsteps:\n  - active: ten minutes\n", 3, "`ten minutes` is not a length of step"),
        ("name: x\nsteps:\n  - active: 1min\n    power: 200W\n    heartRate: 150\n", 3, "a step aims at one of power, heart rate and speed, not 2"),
        ("name: x\nsteps:\n  - active: 1min\n    power: zone 9\n", 4, "`zone 9` is not a zone from 1 to 7"),
        ("name: x\nsteps:\n  - active: 1min\n   power: 200W\n", 4, "not valid YAML"),
    ])
    func theYAMLFormSaysWhereAndWhatIsWrong(text: String, line: Int, message: String) {
        #expect {
            _ = try WorkoutPlan.readYAML(text)
        } throws: { error in
            guard let error = error as? WorkoutPlanError else { return false }
            return error.line == line && error.message.hasPrefix(message) && error.description.hasPrefix("\(line):")
        }
    }

    static let zwo = """
        <workout_file>
            <author>Club coach</author>
            <name>Over-unders</name>
            <sportType>bike</sportType>
            <workout>
                <Warmup Duration="600" PowerLow="0.25" PowerHigh="0.75" Cadence="85"/>
                <SteadyState Duration="300" Power="0.88">
                    <textevent timeoffset="10" message="Settle in"/>
                </SteadyState>
                <IntervalsT Repeat="4" OnDuration="60" OffDuration="120" OnPower="1.2" OffPower="0.5" Cadence="100" CadenceResting="85"/>
                <SteadyState Duration="240" PowerLow="0.9" PowerHigh="0.95"/>
                <Ramp Duration="120" PowerLow="0.6" PowerHigh="1.0"/>
                <FreeRide Duration="300" FlatRoad="1"/>
                <Cooldown Duration="300" PowerLow="0.7" PowerHigh="0.3"/>
            </workout>
        </workout_file>
        """

    @Test func zwiftWorkoutsReadToTheirSteps() throws {
        let plan = try WorkoutPlan.readZWO(Data(Self.zwo.utf8))
        #expect(plan.name == "Over-unders")
        #expect(plan.sport == .cycling)
        #expect(plan.blocks == [
            .step(.init(intensity: .warmup, extent: .time(600), target: .powerRamp(from: .ftp(0.25), to: .ftp(0.75)), cadence: 85)),
            .step(.init(intensity: .active, extent: .time(300), target: .power(low: .ftp(0.88), high: .ftp(0.88)))),
            .repeated(times: 4, [
                .step(.init(name: "On", intensity: .interval, extent: .time(60), target: .power(low: .ftp(1.2), high: .ftp(1.2)), cadence: 100)),
                .step(.init(name: "Off", intensity: .recovery, extent: .time(120), target: .power(low: .ftp(0.5), high: .ftp(0.5)), cadence: 85)),
            ]),
            .step(.init(intensity: .active, extent: .time(240), target: .power(low: .ftp(0.9), high: .ftp(0.95)))),
            .step(.init(intensity: .active, extent: .time(120), target: .powerRamp(from: .ftp(0.6), to: .ftp(1.0)))),
            .step(.init(name: "Free ride", extent: .time(300))),
            .step(.init(intensity: .cooldown, extent: .time(300), target: .powerRamp(from: .ftp(0.7), to: .ftp(0.3)))),
        ])
        #expect(plan.unrolled.count == 14)
        let timed: Double = 600 + 300 + 4 * 180 + 240 + 120 + 300 + 300
        #expect(plan.timedSeconds == timed)
    }

    @Test(arguments: [
        ("<workout_file><workout>\n  <SteadyState Power=\"0.8\"/>\n</workout></workout_file>", 2, "<SteadyState> needs a Duration attribute"),
        ("<workout_file><workout>\n\n  <Sprint Duration=\"10\"/></workout></workout_file>", 3, "<Sprint> is not a step Zwift knows"),
        ("<workout_file><workout><Ramp Duration=\"60\" PowerLow=\"lots\" PowerHigh=\"1\"/></workout></workout_file>", 1, "<Ramp PowerLow=\"lots\"> is not a number"),
        ("<gpx><trk/></gpx>", 1, "this is not a Zwift workout"),
        ("<workout_file><workout>", 1, ""),
    ])
    func zwiftFilesThatAreWrongSayWhere(text: String, line: Int, message: String) {
        #expect {
            _ = try WorkoutPlan.readZWO(Data(text.utf8))
        } throws: { error in
            guard let error = error as? WorkoutPlanError else { return false }
            return error.line == line && error.message.hasPrefix(message)
        }
    }

    /// A plan FIT can say exactly: no ramps.
    static let fitPlan = WorkoutPlan(name: "Threshold ladder", sport: .cycling, blocks: [
        .step(.init(name: "Warm up", intensity: .warmup, extent: .time(600), target: .heartRateZone(2))),
        .repeated(times: 2, [
            .repeated(times: 3, [
                .step(.init(name: "Hard", intensity: .interval, extent: .time(120), target: .power(low: .ftp(1.05), high: .ftp(1.1)), cadence: 95)),
                .step(.init(intensity: .recovery, extent: .time(60), target: .power(low: .watts(120), high: .watts(150)))),
            ]),
            .step(.init(intensity: .rest, extent: .distance(1_500), target: .heartRate(low: .maximum(0.6), high: .maximum(0.7)))),
        ]),
        .step(.init(intensity: .active, extent: .time(300), target: .powerZone(3), notes: "Tempo")),
        .step(.init(intensity: .active, extent: .time(60), target: .cadence(low: 100, high: 110))),
        .step(.init(intensity: .active, extent: .time(60), target: .speed(low: 8, high: 9))),
        .step(.init(intensity: .cooldown, extent: .open, target: .heartRate(low: .bpm(100), high: .bpm(130)))),
    ])

    @Test func fitWorkoutFilesAreReadBackAsWritten() throws {
        let data = Self.fitPlan.fitData(createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        let plan = try WorkoutPlan.readFIT(data)
        #expect(plan == Self.fitPlan)
    }

    @Test func aRampIsWrittenToFITAsAStepEachMinute() throws {
        let ramp = WorkoutPlan(name: "Ramp", blocks: [.step(.init(intensity: .warmup, extent: .time(300), target: .powerRamp(from: .ftp(0.5), to: .ftp(0.75))))])
        let plan = try WorkoutPlan.readFIT(ramp.fitData(createdAt: Date(timeIntervalSince1970: 0)))
        // Five minutes of 5 % FTP each, ± 3 %: 47–58, 52–63, … 67–78.
        #expect(plan.blocks == (0..<5).map { minute in
            let low = 47 + 5 * Double(minute), high = low + 11
            return .step(.init(intensity: .warmup, extent: .time(60), target: .power(low: .ftp(low / 100), high: .ftp(high / 100))))
        })
    }

    @Test func aFITFileThatIsNotAWorkoutIsRefused() throws {
        let activity = Activity(records: [ActivityRecord(date: Date(timeIntervalSince1970: 1_790_000_000), heartRate: 120)])
        let data = FITActivityWriter.data(for: activity)
        #expect {
            _ = try WorkoutPlan.readFIT(data)
        } throws: { error in
            (error as? WorkoutPlanError)?.message == "this FIT file is not a workout: its file_id.type is 4, a workout's is 5"
        }
        let workout = Self.fitPlan.fitData(createdAt: Date(timeIntervalSince1970: 0))
        #expect(throws: FITDecodingError.self) { _ = try WorkoutPlan.readFIT(workout.prefix(workout.count - 30)) }
    }

    static let garminReads = """
        import sys, json
        from garmin_fit_sdk import Decoder, Stream
        messages, errors = Decoder(Stream.from_file(sys.argv[1])).read(convert_datetimes_to_dates=False)
        steps = [{k: v for k, v in m.items() if not isinstance(v, (bytes, bytearray))} for m in messages.get('workout_step_mesgs', [])]
        print(json.dumps({'errors': [str(e) for e in errors], 'type': messages['file_id_mesgs'][0]['type'],
                          'workout': messages['workout_mesgs'][0], 'steps': steps}, default=str))
        """

    @Test(.enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"))
    func garminsSDKReadsOurWorkoutFiles() throws {
        let url = Scratch.url("plan", extension: "fit")
        try Self.fitPlan.fitData(createdAt: Date(timeIntervalSince1970: 1_790_000_000)).write(to: url)
        let output = try ExternalTool.python(Self.garminReads, [url.path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        #expect((json["errors"] as? [String])?.isEmpty == true)
        #expect(json["type"] as? String == "workout")
        let workout = try #require(json["workout"] as? [String: Any])
        #expect(workout["wkt_name"] as? String == "Threshold ladder")
        #expect(workout["sport"] as? String == "cycling")
        #expect(workout["num_valid_steps"] as? Int == 10)
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.count == 10)
        // Warm-up: heart-rate zone 2 for 600 s.
        #expect(steps[0]["wkt_step_name"] as? String == "Warm up")
        #expect(steps[0]["duration_time"] as? Double == 600)
        #expect(steps[0]["target_type"] as? String == "heart_rate")
        #expect(steps[0]["target_hr_zone"] as? Int == 2)
        // Hard: 105–110 % FTP (FIT's 0–1,000 is a percentage), cadence 95 as the secondary target.
        #expect(steps[1]["custom_target_power_low"] as? Int == 105)
        #expect(steps[1]["custom_target_power_high"] as? Int == 110)
        #expect(steps[1]["intensity"] as? String == "interval")
        #expect(steps[1]["secondary_target_type"] as? String == "cadence")
        #expect(steps[1]["secondary_custom_target_cadence_low"] as? Int == 90)
        // Recovery: 120–150 W is watts + 1,000.
        #expect(steps[2]["custom_target_power_low"] as? Int == 1_120)
        // The inner repeat: back to step 1, three times in all; the outer: back to step 1, twice.
        #expect(steps[3]["duration_type"] as? String == "repeat_until_steps_cmplt")
        #expect(steps[3]["duration_step"] as? Int == 1)
        #expect(steps[3]["repeat_steps"] as? Int == 3)
        #expect(steps[4]["duration_distance"] as? Double == 1_500)
        #expect(steps[4]["custom_target_heart_rate_low"] as? Int == 60)
        #expect(steps[5]["duration_step"] as? Int == 1)
        #expect(steps[5]["repeat_steps"] as? Int == 2)
        #expect(steps[6]["target_power_zone"] as? Int == 3)
        #expect(steps[6]["notes"] as? String == "Tempo")
        #expect(steps[8]["custom_target_speed_low"] as? Double == 8)
        #expect(steps[9]["duration_type"] as? String == "open")
        #expect(steps[9]["custom_target_heart_rate_high"] as? Int == 230)
    }

    static let garminWrites = """
        import sys, datetime
        from garmin_fit_sdk import Encoder
        e = Encoder()
        e.write_mesg({'mesg_num': 0, 'type': 'workout', 'manufacturer': 'garmin', 'product': 0,
                      'time_created': datetime.datetime(2026, 11, 27, tzinfo=datetime.timezone.utc)})
        e.write_mesg({'mesg_num': 26, 'wkt_name': 'Garmin 5 x 3', 'sport': 'cycling', 'num_valid_steps': 6})
        steps = [
            {'wkt_step_name': 'Warm up', 'duration_type': 'time', 'duration_value': 900000, 'target_type': 'heart_rate',
             'target_value': 0, 'custom_target_value_low': 65, 'custom_target_value_high': 75, 'intensity': 'warmup'},
            {'duration_type': 'time', 'duration_value': 180000, 'target_type': 'power', 'target_value': 5, 'intensity': 'active'},
            {'duration_type': 'distance', 'duration_value': 100000, 'target_type': 'power_3s', 'target_value': 0,
             'custom_target_value_low': 1100, 'custom_target_value_high': 1140, 'intensity': 'recovery'},
            {'duration_type': 'repeat_until_steps_cmplt', 'duration_value': 1, 'target_type': 'open', 'target_value': 5},
            {'wkt_step_name': 'Until 120', 'duration_type': 'hr_less_than', 'duration_value': 220, 'target_type': 'open', 'intensity': 'rest'},
            {'duration_type': 'open', 'target_type': 'cadence', 'target_value': 0, 'custom_target_value_low': 85,
             'custom_target_value_high': 95, 'intensity': 'cooldown', 'notes': 'Spin out'},
        ]
        for index, step in enumerate(steps):
            e.write_mesg(dict(step, mesg_num=27, message_index=index))
        open(sys.argv[1], 'wb').write(e.close())
        """

    @Test(.enabled(if: ExternalTool.pythonHas("garmin_fit_sdk"), "garmin-fit-sdk is missing (Scripts/setup installs it)"))
    func workoutsGarminsSDKWritesReadToTheirSteps() throws {
        let url = Scratch.url("garmin-workout", extension: "fit")
        _ = try ExternalTool.python(Self.garminWrites, [url.path])
        let plan = try WorkoutPlan.readFIT(try Data(contentsOf: url))
        #expect(plan == WorkoutPlan(name: "Garmin 5 x 3", sport: .cycling, blocks: [
            .step(.init(name: "Warm up", intensity: .warmup, extent: .time(900), target: .heartRate(low: .maximum(0.65), high: .maximum(0.75)))),
            .repeated(times: 5, [
                .step(.init(intensity: .active, extent: .time(180), target: .powerZone(5))),
                .step(.init(intensity: .recovery, extent: .distance(1_000), target: .power(low: .watts(100), high: .watts(140)))),
            ]),
            .step(.init(name: "Until 120", intensity: .rest, extent: .open, notes: "until heart rate is below 120 bpm")),
            .step(.init(intensity: .cooldown, extent: .open, target: .cadence(low: 85, high: 95), notes: "Spin out")),
        ]))
    }
}
