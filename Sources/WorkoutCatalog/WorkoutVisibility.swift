/// Who may see a workout.
///
/// A store's workout is private or public; a club's is private, the club's (its groups', as they share), or public.
/// A public workout is seen by whoever has its link, `/shared/{token}`, an unguessable address made when it
/// becomes public and dropped when it stops being so.
public enum WorkoutVisibility: String, Codable, Sendable, CaseIterable {
    /// Only its athlete: not even a group's coach sees it.
    case `private`
    /// Its athlete and their groups, as each group shares (a club's default).
    case club
    /// Also anyone with its link, without logging in.
    case `public`

    /// The choice in words, for a form.
    public var explanation: String {
        switch self {
        case .private: "Only me"
        case .club: "My groups (as each shares workouts; a coach sees them)"
        case .public: "Anyone with the link, without logging in"
        }
    }
}
