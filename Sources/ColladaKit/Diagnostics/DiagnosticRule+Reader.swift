import PipelineKit
/// Every diagnostic the reader reports (XML, document and scene stages, and applying a rig), each
/// declared once: its stable id, its severity, the stage that reports it and what it means.
///
/// `assettool validate --list-rules` lists them beside the linter's own rules.
extension DiagnosticRule {
    package static let fileMissing = DiagnosticRule("file-missing", .error, .file, "The file does not exist.")
    package static let fileUnreadable = DiagnosticRule("file-unreadable", .error, .file, "The file is a directory or cannot be read.")
    package static let zaeArchive = DiagnosticRule("zae-archive", .error, .file, "A .zae archive is broken, names a root document it lacks, or holds no .dae.")
    package static let xmlEmpty = DiagnosticRule("xml-empty", .error, .xml, "The file is empty.")
    package static let xmlTooLarge = DiagnosticRule("xml-too-large", .error, .xml, "The file is larger than the reader accepts (256 MiB).")
    package static let xmlEncoding = DiagnosticRule("xml-encoding", .error, .xml, "The file looks like UTF-16 but is not valid UTF-16.")
    package static let xmlInternal = DiagnosticRule("xml-internal", .error, .xml, "libxml2 could not create a parser.")
    package static let xmlMalformed = DiagnosticRule("xml-malformed", .error, .xml, "The document is not well-formed XML (libxml2's message, at its line and column).")
    package static let xmlNoRoot = DiagnosticRule("xml-no-root", .error, .xml, "The document has no root element.")
    package static let xmlDoctype = DiagnosticRule("xml-doctype", .error, .xml, "A DOCTYPE declaration (refused: it could declare entities or load external files).")
    package static let xmlTooDeep = DiagnosticRule("xml-too-deep", .error, .xml, "Elements nest deeper than the reader accepts (200 levels).")
    package static let xmlTooManyElements = DiagnosticRule("xml-too-many-elements", .error, .xml, "The document has more elements than the reader accepts (4,000,000).")
    package static let xmlTooManyAttributes = DiagnosticRule("xml-too-many-attributes", .error, .xml, "The document has more attributes than the reader accepts (8,000,000).")
    package static let colladaRoot = DiagnosticRule("collada-root", .error, .document, "The root element is not <COLLADA>, or the document is empty.")
    package static let colladaVersion = DiagnosticRule("collada-version", .error, .document, "An unsupported COLLADA version (a warning when the version attribute is missing: read as 1.4.1).")
    package static let assetUnit = DiagnosticRule("asset-unit", .error, .document, "<unit meter> is not a positive number.")
    package static let assetUpAxis = DiagnosticRule("asset-up-axis", .warning, .document, "An unknown <up_axis>; Y_UP is used.")
    package static let duplicateId = DiagnosticRule("duplicate-id", .warning, .document, "An id defined twice; the first is used.")
    package static let arrayCount = DiagnosticRule("array-count", .error, .document, "An array's count attribute is not a count, or differs from the values it holds.")
    package static let numberSyntax = DiagnosticRule("number-syntax", .error, .document, "A token in a number array is not a number (with a hint for decimal commas).")
    package static let numberRange = DiagnosticRule("number-range", .error, .document, "An integer does not fit in 32 bits.")
    package static let numberNonFinite = DiagnosticRule("number-non-finite", .error, .document, "A float_array value is infinite or NaN.")
    package static let accessorCount = DiagnosticRule("accessor-count", .error, .document, "An accessor's count, stride or offset is negative or larger than 2^31-1.")
    package static let accessorStride = DiagnosticRule("accessor-stride", .error, .document, "An accessor's stride is less than 1.")
    package static let accessorOutOfRange = DiagnosticRule("accessor-out-of-range", .error, .document, "An accessor reaches past the end of its array.")
    package static let accessorPartial = DiagnosticRule("accessor-partial", .warning, .document, "An accessor reads only part of its array; the rest is unused.")
    package static let accessorSource = DiagnosticRule("accessor-source", .warning, .document, "An accessor's source is not its own source's array.")
    package static let inputIncomplete = DiagnosticRule("input-incomplete", .error, .document, "An <input> lacks its semantic or source attribute.")
    package static let inputOffset = DiagnosticRule("input-offset", .error, .document, "An <input> offset is not a non-negative integer or exceeds 4095 (a warning when a shared input has none: 0 is assumed).")
    package static let primitiveCount = DiagnosticRule("primitive-count", .error, .document, "A primitive's count differs from the index lists it holds, or is larger than 2^31-1.")
    package static let primitiveVertex = DiagnosticRule("primitive-vertex", .error, .document, "A primitive has no VERTEX input.")
    package static let vcountCount = DiagnosticRule("vcount-count", .error, .document, "A polylist has a different number of vcount values than its count.")
    package static let vcountValue = DiagnosticRule("vcount-value", .error, .document, "A vcount value is negative.")
    package static let indexCount = DiagnosticRule("index-count", .error, .document, "An index list is not a whole number of corners, or holds fewer indices than its count needs.")
    package static let matrixSize = DiagnosticRule("matrix-size", .error, .document, "A <bind_shape_matrix> does not have 16 values.")
    package static let transformSize = DiagnosticRule("transform-size", .error, .document, "A node transform (matrix, translate, rotate, scale, lookat, skew) has the wrong number of values.")
    package static let instanceURL = DiagnosticRule("instance-url", .error, .document, "An instance element has no url.")
    package static let controllerEmpty = DiagnosticRule("controller-empty", .warning, .document, "A controller has neither <skin> nor <morph>.")
    package static let geometryUnsupported = DiagnosticRule("geometry-unsupported", .warning, .document, "A geometry is not a <mesh> (spline, brep); it is skipped.")
    package static let cameraKind = DiagnosticRule("camera-kind", .warning, .document, "A camera has an unknown projection.")
    package static let cameraOptics = DiagnosticRule("camera-optics", .warning, .document, "A camera has no optics/technique_common.")
    package static let materialEffect = DiagnosticRule("material-effect", .warning, .document, "A material has no instance_effect.")
    package static let channelIncomplete = DiagnosticRule("channel-incomplete", .error, .document, "A <channel> lacks its source or target attribute.")
    package static let samplerInputs = DiagnosticRule("sampler-inputs", .error, .document, "A sampler lacks its INPUT or OUTPUT input.")
    package static let interpolationUnknown = DiagnosticRule("interpolation-unknown", .warning, .document, "An interpolation that COLLADA does not define; LINEAR is used.")
    package static let referenceExternal = DiagnosticRule("reference-external", .error, .scene, "A reference into another document (not supported; a warning where the reference can be skipped).")
    package static let referenceMissing = DiagnosticRule("reference-missing", .error, .scene, "A reference to an id that does not exist (a warning where the reference can be skipped).")
    package static let meshPositions = DiagnosticRule("mesh-positions", .error, .scene, "A mesh has no <vertices> POSITION input.")
    package static let attributeCount = DiagnosticRule("attribute-count", .warning, .scene, "A per-vertex attribute has fewer values than the positions; it is dropped.")
    package static let indexOutOfRange = DiagnosticRule("index-out-of-range", .error, .scene, "An index addresses past the end of its source.")
    package static let triangleLimit = DiagnosticRule("triangle-limit", .error, .scene, "The meshes have more triangles than the reader accepts (50,000,000).")
    package static let triangulationBudget = DiagnosticRule("triangulation-budget", .warning, .scene, "Polygons need more triangulation work than the budget (100,000,000 steps); the rest are fanned.")
    package static let skinJoints = DiagnosticRule("skin-joints", .error, .scene, "A skin's JOINT source is not a Name_array or IDREF_array.")
    package static let skinWeights = DiagnosticRule("skin-weights", .error, .scene, "A skin's <vertex_weights> lacks its JOINT or WEIGHT input, or its count disagrees with the mesh.")
    package static let skinBindMatrices = DiagnosticRule("skin-bind-matrices", .error, .scene, "A skin has a different number of joints and inverse bind matrices.")
    package static let skinJointMissing = DiagnosticRule("skin-joint-missing", .error, .scene, "A skin joint names no node of the scene.")
    package static let morphTargetSize = DiagnosticRule("morph-target-size", .warning, .scene, "A morph target has a different number of positions than its base; it is skipped.")
    package static let morphWeights = DiagnosticRule("morph-weights", .warning, .scene, "A morph has a different number of targets and weights.")
    package static let cameraDegenerate = DiagnosticRule("camera-degenerate", .error, .scene, "A camera that can show nothing: a field of view of 0 or 180 degrees or more, an orthographic size of 0, or a zfar not beyond its znear.")
    package static let cameraFov = DiagnosticRule("camera-fov", .warning, .scene, "A camera gives only xfov; its vertical field of view depends on the output's aspect.")
    package static let sceneMissing = DiagnosticRule("scene-missing", .warning, .scene, "The document has no <scene>; the first visual scene is used.")
    package static let nodeLimit = DiagnosticRule("node-limit", .error, .scene, "The scene expands to more nodes than the reader accepts (100,000, instancing included).")
    package static let nodeDepth = DiagnosticRule("node-depth", .error, .scene, "The node tree is deeper than the reader accepts (1,000 levels, instancing included).")
    package static let instanceLimit = DiagnosticRule("instance-limit", .error, .scene, "The scene expands to more instances, posed vertices or triangles than the reader accepts.")
    package static let instanceCycle = DiagnosticRule("instance-cycle", .error, .scene, "An instance_node instantiates itself.")
    package static let samplerCount = DiagnosticRule("sampler-count", .error, .scene, "A sampler has a different number of key times and output values.")
    package static let samplerEmpty = DiagnosticRule("sampler-empty", .warning, .scene, "A sampler has no keys.")
    package static let keysNotIncreasing = DiagnosticRule("keys-not-increasing", .warning, .scene, "A sampler's key times do not increase.")
    package static let tangentsMissing = DiagnosticRule("tangents-missing", .warning, .scene, "BEZIER or HERMITE keys without matching tangents; LINEAR is used between them.")
    package static let channelTarget = DiagnosticRule("channel-target", .warning, .scene, "A channel target has a bad index or member.")
    package static let channelTargetMissing = DiagnosticRule("channel-target-missing", .warning, .scene, "A channel targets a node that does not exist; its motion is lost (an error in validate).")
    package static let channelTargetUnsupported = DiagnosticRule("channel-target-unsupported", .warning, .scene, "A channel targets something that is not a node transform; it is not animated.")
    package static let channelStride = DiagnosticRule("channel-stride", .error, .scene, "A channel drives more values than its sampler's output holds per key.")
    package static let animationLimit = DiagnosticRule("animation-limit", .error, .scene, "The channels drive more node transforms than the reader accepts (1,000,000).")
    package static let sceneUnresolved = DiagnosticRule("scene-unresolved", .error, .scene, "The scene could not be resolved for a reason the reader did not locate (a bug: please report it).")
    package static let rigChannelUnmatched = DiagnosticRule("rig-channel-unmatched", .warning, .rig, "A rig channel's node matches no joint of the base model (by name, id or sid); its motion is not applied.")

    /// The reader's rules, in the order the stages run.
    package static let readerRules: [DiagnosticRule] = [
        .fileMissing,
        .fileUnreadable,
        .zaeArchive,
        .xmlEmpty,
        .xmlTooLarge,
        .xmlEncoding,
        .xmlInternal,
        .xmlMalformed,
        .xmlNoRoot,
        .xmlDoctype,
        .xmlTooDeep,
        .xmlTooManyElements,
        .xmlTooManyAttributes,
        .colladaRoot,
        .colladaVersion,
        .assetUnit,
        .assetUpAxis,
        .duplicateId,
        .arrayCount,
        .numberSyntax,
        .numberRange,
        .numberNonFinite,
        .accessorCount,
        .accessorStride,
        .accessorOutOfRange,
        .accessorPartial,
        .accessorSource,
        .inputIncomplete,
        .inputOffset,
        .primitiveCount,
        .primitiveVertex,
        .vcountCount,
        .vcountValue,
        .indexCount,
        .matrixSize,
        .transformSize,
        .instanceURL,
        .controllerEmpty,
        .geometryUnsupported,
        .cameraKind,
        .cameraOptics,
        .materialEffect,
        .channelIncomplete,
        .samplerInputs,
        .interpolationUnknown,
        .referenceExternal,
        .referenceMissing,
        .meshPositions,
        .attributeCount,
        .indexOutOfRange,
        .triangleLimit,
        .triangulationBudget,
        .skinJoints,
        .skinWeights,
        .skinBindMatrices,
        .skinJointMissing,
        .morphTargetSize,
        .morphWeights,
        .cameraFov,
        .cameraDegenerate,
        .sceneMissing,
        .nodeLimit,
        .nodeDepth,
        .instanceLimit,
        .instanceCycle,
        .samplerCount,
        .samplerEmpty,
        .keysNotIncreasing,
        .tangentsMissing,
        .channelTarget,
        .channelTargetMissing,
        .channelTargetUnsupported,
        .channelStride,
        .animationLimit,
        .sceneUnresolved,
        .rigChannelUnmatched,
    ]
}
