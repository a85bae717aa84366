import Foundation
import OpenHealthKit
import Testing
import TestSupport

/// The record types that are not workouts (clinical records, documents, electrocardiograms, audiograms, verifiable
/// records): an app that names them compiles, may ask to read them, and its queries find nothing, as on a device
/// without such records.
@Suite struct HKMedicalRecordQueriesTests {
    @Test func readingIsAskedAndEveryQueryAnswersWithNothing() async throws {
        let store = HKHealthStore(location: .file(Scratch.url("records", extension: "sqlite").path))
        let allergies = try #require(HKObjectType.clinicalType(forIdentifier: .allergyRecord))
        let cda = try #require(HKObjectType.documentType(forIdentifier: .CDA))
        let read: Set<HKObjectType> = [allergies, HKClinicalType(.labResultRecord), cda, HKObjectType.electrocardiogramType(), HKObjectType.audiogramSampleType()]
        try await store.requestAuthorization(toShare: [cda, HKObjectType.audiogramSampleType()], read: read)
        #expect(store.authorizationStatus(for: HKObjectType.audiogramSampleType()) == .sharingAuthorized)
        #expect(try await store.statusForAuthorizationRequest(toShare: [], read: read) == .unnecessary)
        #expect(HKObjectType.clinicalType(forIdentifier: HKClinicalTypeIdentifier(rawValue: "HKClinicalTypeIdentifierNothing")) == nil)

        let documents: ([HKDocumentSample]?, Bool, (any Error)?) = await withCheckedContinuation { continuation in
            let query = HKDocumentQuery(documentType: cda, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil, includeDocumentData: true) { _, samples, done, error in
                if done { continuation.resume(returning: (samples, done, error)) }
            }
            store.execute(query)
        }
        #expect(documents.0?.isEmpty == true && documents.1 && documents.2 == nil)

        let records: ([HKVerifiableClinicalRecord]?, (any Error)?) = await withCheckedContinuation { continuation in
            store.execute(HKVerifiableClinicalRecordQuery(recordTypes: ["https://smarthealth.cards#immunization"], predicate: nil) { _, records, error in
                continuation.resume(returning: (records, error))
            })
        }
        #expect(records.0?.isEmpty == true && records.1 == nil)

        let samples: [HKSample]? = await withCheckedContinuation { continuation in
            store.execute(HKSampleQuery(sampleType: HKObjectType.electrocardiogramType(), predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil) { _, samples, _ in
                continuation.resume(returning: samples)
            })
        }
        #expect(samples?.isEmpty == true)
    }
}
