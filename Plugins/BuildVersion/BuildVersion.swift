import Foundation
import PackagePlugin

/// Writes `BuildVersion.swift` before each build: the commit the sources are at, the release tag on it if any, and the
/// number of commits, read with git from the package's folder. Without git or a repository (a source archive), the
/// values are empty and the version is the one written in the sources.
///
/// The file is rewritten only when a value changed, so a build with nothing new compiles nothing new.
@main
struct BuildVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "BuildVersion")
        let file = folder.appending(path: "BuildVersion.swift")
        let script = #"""
            package="$1"; file="$2"
            mkdir -p "$(dirname "$file")"
            git() { command git -C "$package" "$@" 2>/dev/null; }
            commit="$(git rev-parse --short=10 HEAD || true)"
            if [ -n "$commit" ] && [ -n "$(git status --porcelain --untracked-files=no -- Sources Package.swift || true)" ]; then commit="$commit+modified"; fi
            tag="$(git describe --tags --exact-match --match 'v[0-9]*' HEAD || true)"
            count="$(git rev-list --count HEAD || true)"
            new="$(printf '/// What git said of the sources when this was built (Plugins/BuildVersion).\nenum BuildVersion {\n    static let commit = "%s"\n    static let tag = "%s"\n    static let commitCount = "%s"\n}\n' "$commit" "$tag" "$count")"
            [ -f "$file" ] && [ "$(cat "$file")" = "$new" ] || printf '%s\n' "$new" > "$file"
            """#
        return [
            .prebuildCommand(
                displayName: "Reading the commit of \(target.name)'s sources",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "BuildVersion", context.package.directoryURL.path(percentEncoded: false), file.path(percentEncoded: false)],
                outputFilesDirectory: folder
            )
        ]
    }
}
