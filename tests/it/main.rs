//! glossgraph's integration tests: the real binary on fixture folders, and the real programs
//! users open the outputs with. One test binary, one module per area.

mod architecture;
mod check;
mod csv;
mod cytoscape;
mod diff;
mod dot;
mod export;
mod export_bench;
mod generate;
mod gexf;
mod graphml;
mod html;
mod import;
mod issue23;
mod maintainer;
mod map;
mod markdown;
mod nodelink;
mod rdf;
mod rdf_docs;
mod second_hour;
mod site;
mod site_folder;
mod sparql;
mod svg;
mod util;
