//! An export onto a full file system (a 256 kB tmpfs, mounted for the test: it needs root)
//! names the file and the folder, and leaves the previous exports as they were.

use std::fs;
use std::path::Path;

use crate::export::{export, FILES};
use crate::util::root;

/// A small file system of its own, mounted for one test and unmounted when dropped.
#[cfg(target_os = "linux")]
struct Mounted(std::path::PathBuf);

#[cfg(target_os = "linux")]
impl Mounted {
    /// A tmpfs of `size` (as `mount -o size=` reads it) at `dir`.
    fn tmpfs(dir: &Path, size: &str) -> Self {
        fs::create_dir_all(dir).unwrap();
        let out = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .output()
            .expect("mount runs");
        assert!(
            out.status.success(),
            "this test mounts a {size} tmpfs to fill it, which needs root (CI runs as root): {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Self(dir.to_path_buf())
    }
}

#[cfg(target_os = "linux")]
impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

/// Issue 22: exporting onto a full file system named neither the file nor the folder. Now
/// the error names both and says what to do; the previous exports stay as they were.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_names_the_file_and_the_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let small = Mounted::tmpfs(&tmp.path().join("small"), "256k");
    fs::create_dir(small.0.join("out")).unwrap();
    fs::write(small.0.join("out/glossary.ttl"), "previous").unwrap();
    let data = root().join("data");
    let (code, _, stderr) = export(&small.0, &[data.to_str().unwrap(), "--out", "out"]);
    assert_eq!(code, 2, "{stderr}");
    let line = stderr
        .lines()
        .find(|l| l.starts_with("glossgraph: error: "))
        .unwrap_or_default();
    let file = FILES
        .iter()
        .find(|f| line.starts_with(&format!("glossgraph: error: cannot write {f} into `out`: ")));
    assert!(
        file.is_some(),
        "the file and the folder are not named: {stderr}"
    );
    assert!(line.contains("No space left on device"), "{stderr}");
    assert!(
        line.ends_with(
            "the file system is full: free some space on it, or export to a folder on another \
             file system (--out DIR); `out` is as it was before this run"
        ),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(small.0.join("out/glossary.ttl")).unwrap(),
        "previous"
    );
    let left: Vec<String> = fs::read_dir(&small.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["out"], "the staging folder is left");
}
