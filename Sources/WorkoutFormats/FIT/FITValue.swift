

/// A value to write into a field.
enum FITValue {
    /// A number as stored (already scaled and offset); `nil` or out of range writes "invalid".
    case number(Double?)
    /// Up to size / element-size numbers; missing ones are written invalid.
    case numbers([Double])
    /// Text, cut to the field's size minus its NUL.
    case text(String?)
}
