/* Legal moves and the trick's winner for the compiled cores (``puur/core/_playout_core.c``, and
 * ``puur/bots/_solver_core.c`` for the profiles whose legal-move options it knows): one C text of
 * puur.core.rules.legal.legal_moves (RULES.md §7, with highest_trump and _partner_winning) and
 * puur.core.rules.trick.trick_winner (§8), tested equal to them on random positions in every preset and
 * contract (tests/engine/test_playout_core.py; the solver's compiled search against its Python twin,
 * which asks legal_moves itself, in tests/bots/test_solver.py).
 *
 * No rule value lives here: the card strengths (STRENGTH_TABLES), the overtrumps (HIGHER_TRUMPS), the
 * Puur bits and the six options come from the rules core through puur.core.playout.legal_options.
 */
#ifndef PUUR_LEGAL_H
#define PUUR_LEGAL_H

#include <stdint.h>

#define NCON 6 /* the contracts of one order, C D H S O U: the tables' rows */
#define SUIT(s) (0x1FFULL << (9 * (s)))
#define LEGAL_OPTIONS 6 /* how many numbers legal_options_set reads */

typedef struct {
    int strength[NCON][36];
    uint64_t higher[36];
    uint64_t puur[NCON];
    int trump_when_following; /* trump_allowed_when_able_to_follow */
    int undertrump_allowed;   /* undertrump == "allowed_unless_can_overtrump" */
    int ban_partner;          /* undertrump_ban_when_partner_leads is not False */
    int must_overtrump;
    int overtrump_on_lead; /* must_overtrump and overtrump_on_trump_lead */
    int lone_puur_kept;    /* lone_puur_may_be_kept */
} LegalRules;

/* The six options in puur.core.playout.legal_options' order. */
static inline void legal_options_set(LegalRules *L, const int *opt) {
    L->trump_when_following = opt[0] != 0;
    L->undertrump_allowed = opt[1] != 0;
    L->ban_partner = opt[2] != 0;
    L->must_overtrump = opt[3] != 0;
    L->overtrump_on_lead = opt[4] != 0;
    L->lone_puur_kept = opt[5] != 0;
}

/* trick_winner: the index of the card that wins the (partial) trick. */
static inline int winner(const LegalRules *L, const int *cards, int n, int contract) {
    const int *strength = L->strength[contract];
    int led = cards[0] / 9, trump = contract < 4 ? contract : -1;
    int best = 0, best_s = strength[cards[0]];
    for (int i = 1; i < n; i++) {
        int c = cards[i], s = c / 9;
        if (s != led && s != trump) continue;
        if (strength[c] > best_s) {
            best = i;
            best_s = strength[c];
        }
    }
    return best;
}

/* highest_trump: the strongest card of suit ``trump`` in the trick, or -1. */
static inline int highest_trump(const LegalRules *L, const int *cards, int n, int trump) {
    int best = -1, best_s = -1;
    for (int i = 0; i < n; i++) {
        int c = cards[i];
        if (c / 9 == trump && L->strength[trump][c] > best_s) {
            best = c;
            best_s = L->strength[trump][c];
        }
    }
    return best;
}

/* legal_moves (RULES.md §7): the playable cards of ``hand`` after the ``n`` cards of the trick. */
static inline uint64_t legal(const LegalRules *L, uint64_t hand, const int *trick, int n, int contract) {
    if (n == 0) return hand;
    int led = trick[0] / 9;
    uint64_t follow = hand & SUIT(led);
    if (contract >= 4) return follow ? follow : hand;
    int t = contract;
    uint64_t trumps = hand & SUIT(t), puur = L->puur[t];
    if (led == t) {
        if (!trumps) return hand;
        if (trumps == puur && L->lone_puur_kept) return hand;
        if (L->overtrump_on_lead) {
            uint64_t over = trumps & L->higher[highest_trump(L, trick, n, t)];
            if (over & ~puur) return over;
        }
        return trumps;
    }
    uint64_t lg = follow ? (L->trump_when_following ? (follow | trumps) : follow) : hand;
    if (!(lg & trumps)) return lg;
    int high = highest_trump(L, trick, n, t);
    if (high < 0) return lg;
    uint64_t over = trumps & L->higher[high];
    if (L->must_overtrump && !follow && (over & ~puur)) return over;
    uint64_t lower = trumps & ~over;
    if (!L->undertrump_allowed) {
        if (hand != trumps && (L->ban_partner || !(n >= 2 && winner(L, trick, n, contract) == n - 2))) lg &= ~lower;
    } else if (over & ~puur) {
        lg &= ~lower;
    }
    return lg;
}

#endif
