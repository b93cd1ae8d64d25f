//! What a planner's move was for: the step of its rules that chose it.
//!
//! [`PlannerBot::last_decision`](super::PlannerBot::last_decision) and
//! [`GuardBot::last_decision`](super::GuardBot::last_decision) say which rule of the planner
//! (its module docs list them in order) chose the move just returned. Counting them over a
//! game shows where a bot's plies go: how long it walks over its land, how often it starts a
//! loop, how often it gives one up. The guide's tables of the guard against the course's
//! students were made that way (`paperio_course_ai --trace-dir`).

use std::fmt;

/// The rule that chose a planner's move.
///
/// ```
/// use grid_games::paperio::bots::Decision;
/// assert_eq!(Decision::Ambush.name(), "ambush");
/// assert_eq!(Decision::ToLaunch.to_string(), "to_launch");
/// assert!(Decision::Loop.is_at_home() && !Decision::OnPlan.is_at_home());
/// assert_eq!(Decision::ALL.len(), 13);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Decision {
    /// A move that wins at once (tried on a copy of the game).
    Win,
    /// Every move leaves the trail next to the enemy head: the one nearest home, or any move
    /// that stays on the board.
    Cornered,
    /// Towards an enemy trail cell it reaches before the enemy gets home (a sure cut, or one
    /// within [`cut_slack`](super::PlannerConfig::cut_slack)).
    Cut,
    /// Over its own land towards an enemy trail cell beside it
    /// ([`ambush`](super::PlannerConfig::ambush)).
    Ambush,
    /// Out on a loop: the next step of the plan.
    OnPlan,
    /// Out, the plan given up: the first step of the best closing
    /// ([`bend`](super::PlannerConfig::bend)).
    Closing,
    /// Out, the plan given up (or none): the shortest way home.
    Home,
    /// At home: on along the walk over the land to the launch point chosen before.
    ToLaunch,
    /// At home: the first step towards a new launch point (no loop starts from the head).
    Launch,
    /// At home: the first step of a loop from the head.
    Loop,
    /// At home, nothing to start, the enemy out: over the land towards the enemy's trail
    /// ([`shadow`](super::PlannerConfig::shadow)).
    Shadow,
    /// At home, nothing to start: a step inside the land, away from the enemy.
    Wait,
    /// The time budget was too short for the whole-board fields: the move of the
    /// [`SafeBot`](super::SafeBot) fallback.
    Fallback,
}

impl Decision {
    /// Every decision, in the order of the planner's rules.
    pub const ALL: [Decision; 13] = [
        Decision::Win,
        Decision::Cornered,
        Decision::Cut,
        Decision::Ambush,
        Decision::OnPlan,
        Decision::Closing,
        Decision::Home,
        Decision::ToLaunch,
        Decision::Launch,
        Decision::Loop,
        Decision::Shadow,
        Decision::Wait,
        Decision::Fallback,
    ];

    /// A short lower-case name (also its `Display`), one word or joined by `_`.
    ///
    /// ```
    /// use grid_games::paperio::bots::Decision;
    /// assert_eq!(Decision::OnPlan.name(), "on_plan");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Decision::Win => "win",
            Decision::Cornered => "cornered",
            Decision::Cut => "cut",
            Decision::Ambush => "ambush",
            Decision::OnPlan => "on_plan",
            Decision::Closing => "closing",
            Decision::Home => "home",
            Decision::ToLaunch => "to_launch",
            Decision::Launch => "launch",
            Decision::Loop => "loop",
            Decision::Shadow => "shadow",
            Decision::Wait => "wait",
            Decision::Fallback => "fallback",
        }
    }

    /// Whether the rule is one of those it follows at home (on its land, no trail): the
    /// ambush, the launch walk, a loop's start, shadowing and waiting.
    ///
    /// ```
    /// use grid_games::paperio::bots::Decision;
    /// assert!(Decision::Shadow.is_at_home());
    /// assert!(!Decision::Home.is_at_home()); // out, on the way home
    /// ```
    pub const fn is_at_home(self) -> bool {
        matches!(
            self,
            Decision::Ambush
                | Decision::ToLaunch
                | Decision::Launch
                | Decision::Loop
                | Decision::Shadow
                | Decision::Wait
        )
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_in_rule_order() {
        let mut names: Vec<&str> = Decision::ALL.iter().map(|d| d.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Decision::ALL.len());
        assert!(Decision::ALL.windows(2).all(|w| w[0] < w[1]));
    }
}
