import Testing
import WorkoutFormats

@Suite struct ActivityWordsTests {
    @Test func anActivityIsNamedInWordsAndAMultisportWorkoutByItsLegs() {
        #expect(ActivityWords.name(of: "cycling") == "cycling")
        #expect(ActivityWords.name(of: "traditionalStrengthTraining") == "traditional strength training")
        #expect(ActivityWords.name(of: "swimBikeRun") == "triathlon", "HealthKit's case is the triathlon, legs or not")
        #expect(ActivityWords.name(of: "swimBikeRun", legs: ["swimming", "transition", "cycling", "transition", "running"]) == "triathlon")
        #expect(ActivityWords.name(of: "swimBikeRun", legs: ["running", "cycling", "running"]) == "duathlon")
        #expect(ActivityWords.name(of: "swimBikeRun", legs: ["swimming", "transition", "running"]) == "aquathlon")
        #expect(ActivityWords.name(of: "swimBikeRun", legs: ["cycling", "running", "cycling"]) == "multisport")
        #expect(ActivityWords.name(of: "running", legs: ["running"]) == "running", "one leg is no multisport workout")
    }
}
