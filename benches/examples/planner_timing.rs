//! One-shot timings of both level planners on the benchmark instances (for T where criterion's
//! repeated sampling of the reference planner would take too long).
//!
//! ```text
//! cargo run --release -p benches --example planner_timing -- T [--reference]
//! ```

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let t: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(12);
    let reference = args.iter().any(|a| a == "--reference");
    for seed in 1..=3 {
        let inst = benches::planner_instance(t, seed);
        let start = Instant::now();
        let fast = level_planner::plan(&inst, &level_planner::PlanOptions::default());
        let fast_s = start.elapsed().as_secs_f64();
        let mut line = format!("T={t} seed={seed} fast {fast_s:.4} s");
        if reference {
            let start = Instant::now();
            let slow = level_planner::plan_reference(&inst, &level_planner::PlanOptions::default());
            let slow_s = start.elapsed().as_secs_f64();
            assert_eq!(fast, slow, "planners disagree");
            line += &format!(", reference {slow_s:.3} s, ratio {:.0}", slow_s / fast_s);
        }
        match &fast {
            Ok(p) => {
                line += &format!(
                    ", covered {} deviation {:.2}",
                    p.covered(),
                    p.deviation_deg()
                )
            }
            Err(e) => line += &format!(", {e}"),
        }
        println!("{line}");
    }
}
