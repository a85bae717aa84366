import Foundation
import Hummingbird
import OpenHealthKitCore
import WorkoutFormats
import WorkoutLibrary
import WorkoutCatalog
import WorkoutReport

/// The JSON API: the same workouts as the pages, with stable keys.
extension ServerRoutes {
    func addAPI(to router: Router<BasicRequestContext>) {
        router.get("/api/workouts") { request, _ in
            let query: WorkoutListQuery
            do { query = try WorkoutListQuery(parameters: request.decodedParameters) } catch let error as WorkoutListQueryError {
                throw WebError.badRequest("Bad query", error.description)
            }
            let (page, matching, _) = try await library.list(query)
            return ServerResponse.json(WorkoutAPI.Page(workouts: page, matching: matching, page: query.page, pageSize: query.pageSize))
        }
        router.get("/api/workouts/:id") { _, context in
            let workout = try await workout(context)
            let activity = try await library.activity(of: workout)
            let base = "/workouts/\(workout.uuid.uuidString)"
            var links = ["page": base, "samples": "/api\(base)/samples?type=heartRate"]
            for format in ActivityFileFormat.allCases { links[format.rawValue] = "/api\(base)/file?format=\(format)" }
            if try await library.originalFileAttachment(of: workout) != nil { links["original"] = "/api\(base)/file?format=original" }
            return ServerResponse.json(WorkoutAPI.StoreDetail(workout: WorkoutSummary(workout), figures: WorkoutFigures(activity: activity, athlete: AthleteFigures(workout: workout)),
                                                      laps: activity.laps.count, links: links))
        }
        router.get("/api/workouts/:id/samples") { request, context in
            let workout = try await workout(context)
            let name = request.uri.queryParameters["type"].map(String.init) ?? ""
            guard let type = HKObjectType.named(name) as? HKQuantityType, let entry = QuantityTypeTable.standard.entries[type.quantityTypeIdentifier] else {
                let hint = HKObjectType.suggestion(forName: name).map { " Did you mean '\($0)'?" } ?? ""
                throw WebError.badRequest("Unknown type", "type=\(name) is not a quantity type.\(hint) Types are named like heartRate, distanceCycling or activeEnergyBurned.")
            }
            let samples = try await library.samples(of: workout, type: type)
            // Rates read per minute, as people and HealthKit's apps show them.
            let unit = entry.canonicalUnit == HKUnit.count().unitDivided(by: .second()) ? HKUnit.count().unitDivided(by: .minute()) : entry.canonicalUnit
            return ServerResponse.json(WorkoutAPI.Samples(type: name, unit: unit.unitString,
                                                       samples: samples.map { .init(start: $0.startDate, end: $0.endDate, value: $0.quantity.doubleValue(for: unit)) }))
        }
        router.get("/api/workouts/:id/file") { request, context in
            try await download(try await workout(context), format: request.uri.queryParameters["format"].map(String.init) ?? "fit")
        }
        router.post("/api/workouts") { request, _ in
            ServerResponse.json(WorkoutSummary(try await upload(request)), status: .created)
        }
        router.patch("/api/workouts/:id") { request, context in
            let workout = try await workout(context)
            let body = try await request.body.collect(upTo: 64 << 10)
            let form: EditForm
            do { form = try JSONDecoder().decode(EditForm.self, from: Data(body.readableBytesView)) } catch {
                throw WebError.badRequest("Bad edit", "Send a JSON object with any of \"name\", \"notes\" and \"activity\" (strings): \(error)")
            }
            switch await apply(form.edit, to: workout) {
            case .success(let edited): return ServerResponse.json(WorkoutSummary(edited))
            case .failure(let problem): throw WebError(.unprocessableContent, title: "Cannot edit", message: problem.description)
            }
        }
        router.delete("/api/workouts/:id") { _, context in
            try await library.delete(try await workout(context))
            return Response(status: .noContent)
        }
    }
}
