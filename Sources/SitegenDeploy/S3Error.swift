import Foundation
import SitegenModel

/// A store's answer that is an error: its status, and the `Code` and `Message` of its XML body
/// (`NoSuchBucket`, `SignatureDoesNotMatch`, `InvalidAccessKeyId`).
package struct S3Error: Error, Sendable, Equatable {
    package var status: Int
    package var code: String
    package var message: String
    /// `s3://bucket/prefix/key`, for the message.
    package var target: String

    init(status: Int, body: [UInt8], location: S3Location, key: String) {
        self.status = status
        let fields = SimpleXML.texts(of: ["Code", "Message"], in: body)
        code = fields["Code"]?.first ?? "HTTP \(status)"
        message = fields["Message"]?.first ?? ""
        target = key.isEmpty ? location.description : "s3://\(location.bucket)/\(key)"
    }

    /// The one line the command prints.
    package var deployError: DeployError {
        .deployFailed(
            target: target, reason: message.isEmpty ? "\(code) (HTTP \(status))" : "\(code): \(message) (HTTP \(status))")
    }
}
