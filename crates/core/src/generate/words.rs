//! The words generated cards are made of: label parts, sentence templates, citation sources,
//! and the awkward fragments (markup, quotes, scripts) that every writer must escape. Kept
//! apart from the generator so that the tables can grow without burying its logic.

// (slug form, label form)
pub(super) const ADJECTIVES: [(&str, &str); 24] = [
    ("adaptive", "Adaptive"),
    ("remote", "Remote"),
    ("lossless", "Lossless"),
    ("converged", "Converged"),
    ("direct", "Direct"),
    ("scalable", "Scalable"),
    ("persistent", "Persistent"),
    ("virtual", "Virtual"),
    ("zero-copy", "Zero-Copy"),
    ("kernel-bypass", "Kernel-Bypass"),
    ("reliable", "Reliable"),
    ("unified", "Unified"),
    ("extended", "Extended"),
    ("shared", "Shared"),
    ("hybrid", "Hybrid"),
    ("secure", "Secure"),
    ("distributed", "Distributed"),
    ("tiered", "Tiered"),
    ("multipath", "Multipath"),
    ("programmable", "Programmable"),
    ("deterministic", "Deterministic"),
    ("asynchronous", "Asynchronous"),
    ("disaggregated", "Disaggregated"),
    ("micro", "µ"),
];

pub(super) const DOMAINS: [(&str, &str); 24] = [
    ("queue", "Queue"),
    ("fabric", "Fabric"),
    ("memory", "Memory"),
    ("storage", "Storage"),
    ("congestion", "Congestion"),
    ("flow", "Flow"),
    ("path", "Path"),
    ("buffer", "Buffer"),
    ("completion", "Completion"),
    ("doorbell", "Doorbell"),
    ("namespace", "Namespace"),
    ("packet", "Packet"),
    ("priority", "Priority"),
    ("credit", "Credit"),
    ("telemetry", "Telemetry"),
    ("tenant", "Tenant"),
    ("block", "Block"),
    ("object", "Object"),
    ("cache", "Cache"),
    ("link", "Link"),
    ("timer", "Timer"),
    ("checksum", "Checksum"),
    ("cafe", "Café"),
    ("uber", "Über"),
];

pub(super) const HEADS: [(&str, &str); 20] = [
    ("protocol", "Protocol"),
    ("controller", "Controller"),
    ("extension", "Extension"),
    ("mode", "Mode"),
    ("model", "Model"),
    ("layer", "Layer"),
    ("engine", "Engine"),
    ("tunnel", "Tunnel"),
    ("offload", "Offload"),
    ("scheduler", "Scheduler"),
    ("transport", "Transport"),
    ("interface", "Interface"),
    ("format", "Format"),
    ("registry", "Registry"),
    ("profile", "Profile"),
    ("gateway", "Gateway"),
    ("agent", "Agent"),
    ("fence", "Fence"),
    ("window", "Window"),
    ("specification", "Specification"),
];

// ---------------------------------------------------------------------------------------
// Texts

/// Fragments that exporters must escape or carry through: XML's `<`, `>`, `&`, `]]>` and
/// `-->`; DOT's quotes, backslashes and record braces; Turtle's quotes (also three in a
/// row) and backslashes; non-ASCII letters, a decomposed accent, CJK, emoji, a right-to-left
/// mark. No `[`: bracketed words would read as citation markers.
pub(super) const AWKWARD: [&str; 20] = [
    "\"quoted\" values",
    "a < b && c > d",
    "latency under 5 µs",
    "naïve Überprüfung à la carte",
    "paths like C:\\Program Files\\glossgraph",
    "a CDATA end ]]> inside",
    "an XML comment end --> inside",
    "队列对 (queue pair)",
    "キューペア",
    "🚀 throughput",
    "שלום\u{200F} as right-to-left text",
    "R&D budgets",
    "DOT records like {a|<b> c}",
    "'single' and \"\"\"triple\"\"\" quotes",
    "e\u{301}tude written decomposed",
    "100 % line rate",
    "<tag attr=\"v\">&amp;</tag>",
    "a \\n that is not a newline",
    "the emoji 👩\u{200D}💻 with a joiner",
    "tabs\tinside",
];

/// Whitespace that notes may carry inside a paragraph: never a blank line.
pub(super) const NOTE_BREAKS: [&str; 3] = ["\n", "\n\t", "\t"];

pub(super) const VERBS: [&str; 12] = [
    "moves",
    "schedules",
    "protects",
    "tracks",
    "encapsulates",
    "throttles",
    "replicates",
    "registers",
    "negotiates",
    "acknowledges",
    "partitions",
    "reorders",
];

pub(super) const OBJECTS: [&str; 14] = [
    "data between hosts",
    "queue entries",
    "memory regions",
    "completion events",
    "flow-control credits",
    "storage commands",
    "congestion signals",
    "transport headers",
    "remote keys",
    "namespace metadata",
    "retransmission state",
    "priority classes",
    "doorbell writes",
    "telemetry samples",
];

pub(super) const PLACES: [&str; 10] = [
    "across IP-routed networks",
    "inside a single rack",
    "between host and adapter",
    "over lossy Ethernet",
    "on the target side",
    "within one tenant",
    "at line rate",
    "without kernel involvement",
    "across failure domains",
    "between storage tiers",
];

pub(super) const OPENINGS: [&str; 4] = [
    "{T} is a {a} mechanism that {v} {o} {p}.",
    "{T} names the {a} design in which an adapter {v} {o} {p}.",
    "{T} describes how a {a} stack {v} {o} {p}.",
    "{T} is the {a} part of a fabric that {v} {o}.",
];

pub(super) const SENTENCES: [&str; 10] = [
    "It {v} {o} {p}.",
    "Implementations usually {V} {o} in hardware.",
    "The design trades added state for fewer round trips.",
    "Vendors expose it through a small set of verbs.",
    "Its behaviour under loss depends on the transport below it.",
    "Interoperability was tested only between a few implementations.",
    "It keeps {o} consistent when a path fails.",
    "Operators enable it per port or per traffic class.",
    "A later revision clarified how it {v} {o}.",
    "Measurements differ widely between deployments.",
];

/// Short enough to finish a definition without passing 300 characters.
pub(super) const SHORT: [&str; 4] = [
    "It is widely deployed.",
    "Support varies.",
    "It is optional.",
    "Adoption is growing.",
];

pub(super) const TOPICS: [&str; 10] = [
    "Encapsulation",
    "Reliability",
    "Interoperability",
    "Failure containment",
    "Performance",
    "Deployment",
    "History",
    "Security",
    "Standardisation",
    "Caveats",
];

pub(super) const ADVANTAGES: [&str; 8] = [
    "Lower tail latency for small transfers",
    "No CPU copies on the data path",
    "Works over routed networks",
    "Reuses existing management tools",
    "Fewer round trips per operation",
    "Predictable behaviour under load",
    "Simple to enable per port",
    "Scales to thousands of queues",
];

pub(super) const LIMITATIONS: [&str; 8] = [
    "Needs careful buffer tuning",
    "Few implementations interoperate",
    "Sensitive to packet loss",
    "Adds per-connection state on the adapter",
    "Hard to debug in production",
    "Requires firmware support",
    "Not supported by every switch",
    "Documentation is vendor-specific",
];

pub(super) const PROVENANCE: [&str; 5] = [
    "Specification review; no hardware benchmark reproduced.",
    "Vendor documentation cross-checked against one published deployment report.",
    "Summarised from conference talks; claims not independently tested.",
    "Reviewed against the kernel source and its documentation.",
    "Interoperability claims taken from a plugfest report.",
];

/// (citation id, kind of document)
pub(super) const CITATION_IDS: [(&str, &str); 12] = [
    ("spec", "Specification"),
    ("rfc", "Request for Comments"),
    ("vendor-doc", "Vendor documentation"),
    ("survey", "Survey"),
    ("whitepaper", "White paper"),
    ("kernel-doc", "Kernel documentation"),
    ("errata", "Errata"),
    ("talk", "Conference talk"),
    ("blog", "Engineering blog post"),
    ("paper", "Research paper"),
    ("datasheet", "Datasheet"),
    ("thesis", "Doctoral thesis"),
];

pub(super) const PUBLISHERS: [&str; 8] = [
    "IETF",
    "IEEE 802.1",
    "NVM Express",
    "InfiniBand Trade Association",
    "Linux kernel documentation",
    "USENIX NSDI",
    "ACM SIGCOMM",
    "SNIA",
];

pub(super) const HOSTS: [&str; 6] = [
    "https://specs.example.org",
    "https://docs.example.com",
    "http://archive.example.net",
    "https://www.example.edu",
    "https://papers.example.org",
    "https://vendor.example.com",
];

pub(super) const CJK: [&str; 4] = ["远程内存", "キュー", "큐 페어", "輻輳制御"];
