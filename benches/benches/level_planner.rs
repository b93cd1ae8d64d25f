//! Benchmarks of the `level-planner` crate: the fast planner against the literal reference
//! planner on the same 40×40 instances (spin step 15°), T = 8 and 12 for both, T = 16 and 20 for
//! the fast one (the reference needs about a minute at T = 16: time it once with the
//! `planner_timing` example), and the conformance timing instance shape.

use std::hint::black_box;
use std::time::Duration;

use benches::planner_instance;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

fn planners(c: &mut Criterion) {
    let mut g = c.benchmark_group("level_planner_40x40_s15");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    for t in [8, 12, 16, 20] {
        let inst = planner_instance(t, 1);
        g.bench_with_input(BenchmarkId::new("fast", t), &inst, |b, inst| {
            b.iter(|| level_planner::plan(black_box(inst), &level_planner::PlanOptions::default()))
        });
        if t <= 12 {
            g.bench_with_input(BenchmarkId::new("reference", t), &inst, |b, inst| {
                b.iter(|| {
                    level_planner::plan_reference(
                        black_box(inst),
                        &level_planner::PlanOptions::default(),
                    )
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, planners);
criterion_main!(benches);
