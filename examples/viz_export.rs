//! Benchmark harness for the GraphML, DOT and JSON (node-link, Cytoscape.js) writers (BENCHMARKS.md, "GraphML and DOT" and "CSV, node-link and Cytoscape.js").
//!
//! `cargo run --profile dist --example viz_export -- INPUT FORMAT OUTPUT` loads and checks INPUT
//! (any glossgraph input, e.g. a JSON Lines file), writes it as FORMAT (`graphml`,
//! `graphml-yed`, `graphml-neo4j`, `dot`, `nodelink` or `cytoscape`, the whole glossary) to OUTPUT, and prints the time
//! of each stage on stderr as `load+check <s> (cpu <s>) write <s> (cpu <s>) bytes <n>`. Peak memory is measured
//! from outside (`/usr/bin/time -v`). Until `glossgraph export` lands this is how the writers
//! are timed on their own.

use std::fs::File;
use std::time::Instant;

use glossgraph::config::Config;
use glossgraph::export::{cytoscape, dot, drawing, graphml, nodelink};
use glossgraph::{check, load};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, format, output] = args.as_slice() else {
        return Err("usage: viz_export INPUT graphml|graphml-yed|graphml-neo4j|dot|nodelink|cytoscape OUTPUT".into());
    };
    let (start, cpu_start) = (Instant::now(), cpu_seconds());
    let input = load::Input::parse(input);
    let config = Config::resolve(input.config_dir().as_deref(), Default::default())?;
    let checked = check::check(load::load(&input)?, &config, Default::default());
    if checked.report.is_failure(false) {
        return Err(format!("the glossary has errors: {}", checked.report.summary()).into());
    }
    let (loaded, loaded_cpu) = (start.elapsed(), cpu_seconds() - cpu_start);
    let glossary = &checked.glossary;
    if matches!(format.as_str(), "nodelink" | "cytoscape") {
        // The JSON writers are timed without the topic map they read (computed once, here).
        glossary.map();
    }
    let (start, cpu_start) = (Instant::now(), cpu_seconds());
    let file = File::create(output)?;
    match format.as_str() {
        "graphml" => graphml::write(glossary, &config, graphml::Profile::Default, file)?,
        "graphml-yed" => graphml::write(glossary, &config, graphml::Profile::Yed, file)?,
        "graphml-neo4j" => graphml::write(glossary, &config, graphml::Profile::Neo4j, file)?,
        "dot" => {
            let view = drawing::View::default();
            dot::write(&drawing::Drawing::select(glossary, &config, &view)?, file)?;
        }
        "nodelink" => nodelink::write(glossary, &config, file)?,
        "cytoscape" => cytoscape::write(glossary, &config, file)?,
        other => return Err(format!("unknown format `{other}`").into()),
    }
    let (written, written_cpu) = (start.elapsed(), cpu_seconds() - cpu_start);
    eprintln!(
        "load+check {:.3} (cpu {:.2}) write {:.3} (cpu {:.2}) bytes {}",
        loaded.as_secs_f64(),
        loaded_cpu,
        written.as_secs_f64(),
        written_cpu,
        std::fs::metadata(output)?.len()
    );
    Ok(())
}

/// User plus system CPU time of this process so far, from /proc (Linux; 0 elsewhere), in
/// seconds at the kernel's clock-tick resolution (10 ms): on a shared machine CPU time is
/// steadier than wall time.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}
