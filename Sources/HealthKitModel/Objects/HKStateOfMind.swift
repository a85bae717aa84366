public import Foundation

/// A momentary emotion or a daily mood, as Apple's `HKStateOfMind`.
///
/// ```swift
/// let mood = HKStateOfMind(date: now, kind: .dailyMood, valence: 0.6,
///                          labels: [.happy, .calm], associations: [.fitness])
/// ```
public final class HKStateOfMind: HKSample, @unchecked Sendable {
    /// Whether this is a feeling of a moment or of a whole day.
    public enum Kind: Int, Sendable, Codable, CaseIterable {
        /// An emotion felt at one moment.
        case momentaryEmotion = 1
        /// The mood of a day.
        case dailyMood = 2
    }

    /// How pleasant the feeling was, in seven bands of valence.
    public enum ValenceClassification: Int, Sendable, Codable, CaseIterable {
        /// Valence below −5/7.
        case veryUnpleasant = 1
        /// Valence from −5/7 to −3/7.
        case unpleasant = 2
        /// Valence from −3/7 to −1/7.
        case slightlyUnpleasant = 3
        /// Valence from −1/7 to 1/7.
        case neutral = 4
        /// Valence from 1/7 to 3/7.
        case slightlyPleasant = 5
        /// Valence from 3/7 to 5/7.
        case pleasant = 6
        /// Valence above 5/7.
        case veryPleasant = 7

        /// The band `valence` falls in; `nil` outside −1…1.
        public init?(valence: Double) {
            guard (-1.0...1.0).contains(valence) else { return nil }
            let band = Int(((valence + 1) * 3.5).rounded(.down)) + 1
            self.init(rawValue: min(band, 7))
        }
    }

    /// Words for the feeling, with Apple's raw values.
    public enum Label: Int, Sendable, Codable, CaseIterable {
        /// Amazed.
        case amazed = 1
        /// Amused.
        case amused
        /// Angry.
        case angry
        /// Anxious.
        case anxious
        /// Ashamed.
        case ashamed
        /// Brave.
        case brave
        /// Calm.
        case calm
        /// Content.
        case content
        /// Disappointed.
        case disappointed
        /// Discouraged.
        case discouraged
        /// Disgusted.
        case disgusted
        /// Embarrassed.
        case embarrassed
        /// Excited.
        case excited
        /// Frustrated.
        case frustrated
        /// Grateful.
        case grateful
        /// Guilty.
        case guilty
        /// Happy.
        case happy
        /// Hopeless.
        case hopeless
        /// Irritated.
        case irritated
        /// Jealous.
        case jealous
        /// Joyful.
        case joyful
        /// Lonely.
        case lonely
        /// Passionate.
        case passionate
        /// Peaceful.
        case peaceful
        /// Proud.
        case proud
        /// Relieved.
        case relieved
        /// Sad.
        case sad
        /// Scared.
        case scared
        /// Stressed.
        case stressed
        /// Surprised.
        case surprised
        /// Worried.
        case worried
        /// Annoyed.
        case annoyed
        /// Confident.
        case confident
        /// Drained.
        case drained
        /// Hopeful.
        case hopeful
        /// Indifferent.
        case indifferent
        /// Overwhelmed.
        case overwhelmed
        /// Satisfied.
        case satisfied
    }

    /// What the feeling was about, with Apple's raw values.
    public enum Association: Int, Sendable, Codable, CaseIterable {
        /// Community.
        case community = 1
        /// Current events.
        case currentEvents
        /// Dating.
        case dating
        /// Education.
        case education
        /// Family.
        case family
        /// Fitness.
        case fitness
        /// Friends.
        case friends
        /// Health.
        case health
        /// Hobbies.
        case hobbies
        /// Identity.
        case identity
        /// Money.
        case money
        /// Partner.
        case partner
        /// Self care.
        case selfCare
        /// Spirituality.
        case spirituality
        /// Tasks.
        case tasks
        /// Travel.
        case travel
        /// Work.
        case work
        /// Weather.
        case weather
    }

    /// Moment or day.
    public let kind: Kind
    /// How pleasant, from −1 (very unpleasant) to 1 (very pleasant).
    public let valence: Double
    /// Words for the feeling.
    public let labels: [Label]
    /// What it was about.
    public let associations: [Association]

    /// The band of ``valence``.
    public var valenceClassification: ValenceClassification { ValenceClassification(valence: valence) ?? .neutral }

    package init(unchecked date: Date, kind: Kind, valence: Double, labels: [Label], associations: [Association], uuid: UUID = ObjectUUID.next(),
         device: HKDevice?, metadata: [String: Any]?, sourceRevision: HKSourceRevision = .current) {
        self.kind = kind
        self.valence = valence
        self.labels = labels
        self.associations = associations
        super.init(type: HKStateOfMindType(), start: date, end: date, uuid: uuid, device: device, metadata: metadata, sourceRevision: sourceRevision)
    }

    /// Records a state of mind. Traps when `valence` is outside −1…1, as Apple's does.
    public convenience init(date: Date, kind: Kind, valence: Double, labels: [Label], associations: [Association], metadata: [String: Any]? = nil) {
        guard (-1.0...1.0).contains(valence) else {
            validationFailure(HKError(.errorInvalidArgument, "HKStateOfMind valence must be between -1 and 1, not \(valence)"))
        }
        self.init(unchecked: date, kind: kind, valence: valence, labels: labels, associations: associations, device: nil, metadata: metadata)
    }
}
