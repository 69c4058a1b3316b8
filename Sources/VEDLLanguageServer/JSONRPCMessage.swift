import VEDLDiagnostics

/// A JSON-RPC request id: a number or a string.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
  case integer(Int)
  case string(String)

  /// Reads an id; `nil` for anything but a number or a string.
  public init?(_ json: JSON) {
    switch json {
    case .integer(let n): self = .integer(n)
    case .string(let s): self = .string(s)
    case .double(let d) where d.rounded() == d && abs(d) < 9e15: self = .integer(Int(d))
    default: return nil
    }
  }

  public var json: JSON {
    switch self {
    case .integer(let n): .integer(n)
    case .string(let s): .string(s)
    }
  }

  public var description: String {
    switch self {
    case .integer(let n): String(n)
    case .string(let s): "\"\(s)\""
    }
  }
}

/// A JSON-RPC error object, with the codes of JSON-RPC 2.0 and LSP 3.17.
public struct ResponseError: Error, Sendable, Hashable {
  public var code: Int
  public var message: String
  public var data: JSON?

  public init(code: Int, message: String, data: JSON? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  public static let parseErrorCode = -32700
  public static let invalidRequestCode = -32600
  public static let methodNotFoundCode = -32601
  public static let invalidParamsCode = -32602
  public static let internalErrorCode = -32603
  public static let serverNotInitializedCode = -32002
  public static let requestFailedCode = -32803
  public static let requestCancelledCode = -32800
  public static let contentModifiedCode = -32801

  public static func parseError(_ message: String) -> ResponseError {
    ResponseError(code: parseErrorCode, message: message)
  }
  public static func invalidRequest(_ message: String) -> ResponseError {
    ResponseError(code: invalidRequestCode, message: message)
  }
  public static func methodNotFound(_ method: String) -> ResponseError {
    ResponseError(code: methodNotFoundCode, message: "method not found: \(method)")
  }
  public static func invalidParams(_ message: String) -> ResponseError {
    ResponseError(code: invalidParamsCode, message: message)
  }
  public static let serverNotInitialized = ResponseError(
    code: serverNotInitializedCode, message: "the server has not been initialized")
  public static let requestCancelled = ResponseError(code: requestCancelledCode, message: "the request was cancelled")
  public static func requestFailed(_ message: String) -> ResponseError {
    ResponseError(code: requestFailedCode, message: message)
  }

  public var json: JSON {
    var o: [String: JSON] = ["code": .integer(code), "message": .string(message)]
    if let data { o["data"] = data }
    return .object(o)
  }
}

/// One message received from the client.
public enum IncomingMessage: Sendable, Hashable {
  case request(id: RequestID, method: String, params: JSON?)
  case notification(method: String, params: JSON?)
  /// A response to a request the server sent (the server sends none that need answers, but
  /// clients may still answer, e.g. to `window/workDoneProgress/create`).
  case response(id: RequestID?)
  /// Not a valid JSON-RPC message: answer with `error` (and `id` when one could be read).
  case invalid(id: RequestID?, error: ResponseError)

  /// Reads a message body: JSON text that must be one JSON-RPC 2.0 object. Batches (arrays)
  /// are refused — LSP does not use them.
  public static func decode(_ body: [UInt8]) -> IncomingMessage {
    let json: JSON
    do {
      json = try JSON.parse(body)
    } catch {
      return .invalid(id: nil, error: .parseError("invalid JSON: \(error)"))
    }
    return decode(json)
  }

  /// Reads a parsed message.
  public static func decode(_ json: JSON) -> IncomingMessage {
    guard case .object(let o) = json else {
      if case .array = json {
        return .invalid(id: nil, error: .invalidRequest("batch requests are not supported"))
      }
      return .invalid(id: nil, error: .invalidRequest("a message must be a JSON object"))
    }
    let rawID = o["id"]
    let id = rawID.flatMap(RequestID.init)
    if let rawID, !rawID.isNull, id == nil {
      return .invalid(id: nil, error: .invalidRequest("`id` must be a number or a string"))
    }
    guard o["jsonrpc"] == .string("2.0") else {
      return .invalid(id: id, error: .invalidRequest("`jsonrpc` must be \"2.0\""))
    }
    guard let methodValue = o["method"] else {
      if o["result"] != nil || o["error"] != nil { return .response(id: id) }
      return .invalid(id: id, error: .invalidRequest("a message needs `method`, or `result` or `error`"))
    }
    guard case .string(let method) = methodValue else {
      return .invalid(id: id, error: .invalidRequest("`method` must be a string"))
    }
    // `params` may be left out; some clients send `null` for that (`shutdown`).
    let params = o["params"].flatMap { $0.isNull ? nil : $0 }
    if let params {
      switch params {
      case .object, .array: break
      default: return .invalid(id: id, error: .invalidRequest("`params` must be an object or an array"))
      }
    }
    if let id { return .request(id: id, method: method, params: params) }
    return .notification(method: method, params: params)
  }
}

/// Builders for the messages the server sends.
public enum OutgoingMessage {
  /// A successful response.
  public static func response(id: RequestID, result: JSON) -> JSON {
    ["jsonrpc": "2.0", "id": id.json, "result": result]
  }

  /// An error response; `id` is `null` when the request's id could not be read.
  public static func error(id: RequestID?, _ error: ResponseError) -> JSON {
    ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]
  }

  /// A notification.
  public static func notification(method: String, params: JSON) -> JSON {
    ["jsonrpc": "2.0", "method": .string(method), "params": params]
  }
}
