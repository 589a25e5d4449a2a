//! Nim by theory: Bouton's nim-sum for the normal rule, and the misère rule, which plays like
//! normal Nim until every heap holds at most one object, then wants an odd number of ones left.

use super::rules::{NimMove, Rule};

/// Whether the side to move wins, and its move: a winning move when it wins, otherwise the move
/// that makes the game last longest (one object from the largest heap). `None` on empty heaps.
pub fn solve(heaps: &[u64], rule: Rule) -> (bool, Option<NimMove>) {
    let win = wins(heaps, rule);
    let best = if win {
        winning_move(heaps, rule)
    } else {
        stalling_move(heaps)
    };
    (win, best)
}

/// True if the side to move wins with perfect play.
pub fn wins(heaps: &[u64], rule: Rule) -> bool {
    let nim_sum = heaps.iter().fold(0u64, |x, &h| x ^ h);
    match rule {
        Rule::Normal => nim_sum != 0,
        Rule::Misere => {
            if heaps.iter().all(|&h| h <= 1) {
                // Only ones: whoever faces an odd count takes the last one.
                heaps.iter().filter(|&&h| h == 1).count() % 2 == 0
            } else {
                nim_sum != 0
            }
        }
    }
}

fn winning_move(heaps: &[u64], rule: Rule) -> Option<NimMove> {
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= 2).collect();
    if rule == Rule::Misere && big.len() <= 1 {
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        if let [i] = big[..] {
            // Leave an odd number of ones: empty the big heap or leave one in it.
            let keep = if ones % 2 == 1 { 0 } else { 1 };
            return Some(NimMove {
                heap: i,
                take: heaps[i] - keep,
            });
        }
        // Only ones, and an even number of them: take one.
        return heaps
            .iter()
            .position(|&h| h == 1)
            .map(|heap| NimMove { heap, take: 1 });
    }
    let nim_sum = heaps.iter().fold(0u64, |x, &h| x ^ h);
    heaps.iter().enumerate().find_map(|(heap, &h)| {
        let target = h ^ nim_sum;
        (target < h).then(|| NimMove {
            heap,
            take: h - target,
        })
    })
}

fn stalling_move(heaps: &[u64]) -> Option<NimMove> {
    let (heap, &h) = heaps
        .iter()
        .enumerate()
        .max_by_key(|&(i, &h)| (h, std::cmp::Reverse(i)))?;
    (h > 0).then_some(NimMove { heap, take: 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_nim_by_nim_sum() {
        assert!(!wins(&[1, 2, 3], Rule::Normal));
        assert!(wins(&[3, 4, 5], Rule::Normal));
        assert_eq!(
            winning_move(&[3, 4, 5], Rule::Normal),
            Some(NimMove { heap: 0, take: 2 })
        );
    }

    #[test]
    fn misere_endgame_wants_an_odd_number_of_ones() {
        assert!(wins(&[], Rule::Misere));
        assert!(!wins(&[1], Rule::Misere));
        assert!(wins(&[1, 1], Rule::Misere));
        assert!(wins(&[5], Rule::Misere));
        assert_eq!(
            winning_move(&[5], Rule::Misere),
            Some(NimMove { heap: 0, take: 4 })
        );
        assert_eq!(
            winning_move(&[1, 4], Rule::Misere),
            Some(NimMove { heap: 1, take: 4 })
        );
        assert!(!wins(&[2, 2], Rule::Misere));
    }

    #[test]
    fn losing_positions_take_one_from_the_largest_heap() {
        assert_eq!(
            solve(&[2, 2], Rule::Normal),
            (false, Some(NimMove { heap: 0, take: 1 }))
        );
        assert_eq!(solve(&[0, 0], Rule::Normal), (false, None));
    }
}
