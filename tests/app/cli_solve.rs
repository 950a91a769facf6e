//! `antics solve`, the solvers' command, as an operator runs it.

/// `antics solve` as an operator runs it: the same rows on one thread and
/// on two ("any number gives the same results"), the threads named in the
/// table, and a thread count of 0 refused with a message that names the
/// option, writing nothing.
#[test]
fn antics_solve_gives_the_same_rows_on_one_thread_and_two() {
    let dir = tempfile::tempdir().unwrap();
    let solve = |threads: &str, out: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_antics"))
            .args([
                "solve",
                "--game",
                "myrmex-major",
                "--deals",
                "3",
                "--threads",
                threads,
                "--out",
            ])
            .arg(dir.path().join(out))
            .output()
            .unwrap()
    };
    let rows = |out: &str| -> Vec<String> {
        std::fs::read_to_string(dir.path().join(out))
            .unwrap()
            .lines()
            .map(|line| line.rsplit_once(',').unwrap().0.to_string())
            .collect()
    };
    let one = solve("1", "one.csv");
    let two = solve("2", "two.csv");
    assert!(one.status.success() && two.status.success());
    assert!(String::from_utf8_lossy(&one.stdout).contains("per deal, 1 thread\n"));
    assert!(String::from_utf8_lossy(&two.stdout).contains("per deal, 2 threads\n"));
    // Seed 1 is won past the first pass's share, by a pass that ran beside
    // it on two threads.
    assert_eq!(rows("one.csv"), rows("two.csv"));
    assert_eq!(rows("one.csv")[2], "1,won,120,411882");
    let zero = solve("0", "zero.csv");
    assert!(!zero.status.success());
    assert!(String::from_utf8_lossy(&zero.stderr).contains("--threads"));
    assert!(!dir.path().join("zero.csv").exists());
}
