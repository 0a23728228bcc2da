/* The compiled playout core of puur.core.playout: random full rounds (deal, contract with pushing, random legal
 * play, Weis, Stöck, score) many at a time, for reinforcement learning and the engine benchmark; and the
 * search's playout policy (puur.bots.rollout), card by card and to the end of a round.
 *
 * Every function here is a Python function of the rules core written again, and tested equal to it on
 * random positions in every preset and contract (tests/core/test_playout_core.py):
 *   legal()        puur.core.rules.legal.legal_moves (RULES.md §7), with highest_trump and _partner_winning
 *   winner()       puur.core.rules.trick.trick_winner (§8)
 *                  (these two in ``_legal.h``, which the solver's core shares)
 *   declaration()  puur.core.rules.weis.declaration: the points and the best meld's key (meld_key) of the
 *                  choice that scores most (choices, best_of; §9.1-§9.3, §9.5)
 *   resolve()      puur.core.rules.weis.resolve_declarations (§9.5 seat step, §9.6)
 *   play_round()   puur.core.playout.python_round: RoundState driven by the same random draws (§3, §4, §8,
 *                  §10, §11; round_score)
 *   policy_choose() puur.bots.rollout.choose, the search's playout policy, card for card; and
 *   policy_playout() puur.bots.rollout.playout: the rest of a round played by it, its card points and
 *                  tricks (tests/bots/test_rollout_compiled.py)
 * and the random numbers are puur.core.playout.SplitMix (splitmix64), drawn in the same order. Slalom and
 * Guschti (J30) play each trick by its direction (Contract.direction), as trick_winner does, and count
 * each trick by its value row (trick_points_table: the round's one table, Obenabe values); their legal
 * moves and Weis are those of a contract without trumps.
 *
 * No rule value lives here: card strengths (STRENGTH_TABLES), overtrumps (HIGHER_TRUMPS), Puur bits,
 * card points (puur.core.playout.value_rows: trick_points_table with the profile's options), the Stöck pair, the multipliers,
 * the Weis values (SEQUENCE_VALUES, QUARTET_VALUES), the last-trick, match and Stöck points and every
 * profile option come from the rules core through puur.core.playout._compiled_rules. puur.core.playout uses this
 * core only for the profiles and contracts it implements and plays every other round in Python.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_legal.h"

typedef uint64_t u64;

#define NCODE 10 /* every contract code: the six, then Slalom SLO SLU and Guschti GUO GUU (J30) */
#define NVAL 12  /* value rows: a trick's order with the card points it counts (puur.core.playout.value_rows) */
#define GAMMA 0x9E3779B97F4A7C15ULL

typedef struct {
    PyObject_HEAD
    LegalRules L; /* strengths, overtrumps, Puur bits, the legal-move options (_legal.h) */
    u64 stoeck_pair[NCODE];
    int points[NVAL][36];    /* each value row's card points */
    int factor[NCODE];
    int direction[NCODE][9]; /* Contract.direction(trick): the row of the tables each trick is played by */
    int value_row[NCODE][9]; /* the value row (points, discard keys) each trick counts by */
    int offered[NCODE], noffered; /* profile.contracts, in order (the forehand's options before the push) */
    int seq_values[10];
    int quartet_values[9];
    /* Weis options */
    int overlap_share;         /* weis_overlap == "sequence_and_quartet_may_share" */
    int split_runs;            /* weis_split_long_runs */
    int compare;               /* 0 points_cards_top, 1 points_type_length_top, 2 points_top */
    int undenufe_reverse;      /* weis_undenufe_reverse */
    int last_bonus, match_bonus, stoeck_points;
    /* the playout policy's tables (set_policy): puur.core.rules.beats.BEATS and STRONGER_IN_SUIT, the policy's
     * keys for a card to throw, its TRUMP_WORTHY */
    int policy_ready;
    u64 beats[NCON][36], stronger[NCON][36];
    int discard[NVAL][36];
    int trump_worthy;
} Rules;

/* ---------- random numbers: puur.core.playout.SplitMix ---------- */

static inline u64 mix64(u64 z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline u64 next64(u64 *state) {
    *state += GAMMA;
    return mix64(*state);
}

/* SplitMix.below: a whole number in 0..n-1 from the top 32 bits. */
static inline int below(u64 *state, int n) { return (int)(((next64(state) >> 32) * (u64)n) >> 32); }

/* Bits set (the SWAR count: without -mpopcnt __builtin_popcountll is a library call). */
static inline int popc(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static inline int low_card(u64 x) { return __builtin_ctzll(x); }

/* ---------- tricks and legal moves ---------- */

/* ---------- Weis ---------- */

/* meld_key as one number (higher wins), the tuple's steps packed from the most significant. */
static int meld_key(const Rules *R, int is_seq, int n, int top, int suit, int contract, int points) {
    if (contract == 5 && R->undenufe_reverse) top = -top;
    int is_trump = is_seq && contract < 4 && suit == contract;
    int k = (points << 16) | ((top + 8) << 1) | is_trump;
    if (R->compare == 0) k |= n << 9;
    else if (R->compare == 1) k |= (is_seq << 14) | (n << 9);
    return k;
}

typedef struct {
    int start[4], len[4]; /* the runs: first card and length */
    int nruns, contract;
    int best_points, best_key;
} WeisWalk;

static void add_runs(u64 mask, WeisWalk *w) {
    for (int s = 0; s < 4; s++) {
        int v = (int)(mask >> (9 * s) & 0x1FF), r = 0;
        while (r < 9) {
            if (!(v >> r & 1)) {
                r++;
                continue;
            }
            int start = r;
            while (r < 9 && (v >> r & 1)) r++;
            if (r - start >= 3 && w->nruns < 4) {
                w->start[w->nruns] = 9 * s + start;
                w->len[w->nruns] = r - start;
                w->nruns++;
            }
        }
    }
}

/* Every way of writing the runs (whole, or cut into runs of at least 3 under weis_split_long_runs):
 * keep the choice with the most points, then the strongest best meld (best_of's order; choices that tie
 * on both score alike). */
static void walk_runs(const Rules *R, WeisWalk *w, int ri, int pos, int pts, int key) {
    if (ri == w->nruns) {
        if (pts > w->best_points || (pts == w->best_points && key > w->best_key)) {
            w->best_points = pts;
            w->best_key = key;
        }
        return;
    }
    int left = w->len[ri] - pos;
    if (left == 0) {
        walk_runs(R, w, ri + 1, 0, pts, key);
        return;
    }
    for (int p = R->split_runs ? 3 : left; p <= left; p++) {
        if (left - p != 0 && left - p < 3) continue;
        int first = w->start[ri] + pos, top = first + p - 1;
        int v = R->seq_values[p];
        int k = meld_key(R, 1, p, top % 9, first / 9, w->contract, v);
        walk_runs(R, w, ri, pos + p, pts + v, k > key ? k : key);
    }
}

/* declaration: the points and the best meld's key of the hand's declaration; key -1 without a meld. */
static void declaration(const Rules *R, u64 hand, int contract, int *points, int *key) {
    *points = 0;
    *key = -1;
    u64 four = hand & (hand >> 9) & (hand >> 18) & (hand >> 27) & 0x1FF;
    u64 run3 = hand & (hand >> 1) & (hand >> 2) & 0x3F9FCFE7FULL; /* starts 0..6 of each suit */
    if (!four && !run3) return;
    int qrank[4], nq = 0;
    for (int r = 0; r < 9; r++)
        if ((four >> r & 1) && R->quartet_values[r]) qrank[nq++] = r;
    WeisWalk w;
    w.contract = contract;
    w.best_points = 0;
    w.best_key = -1;
    for (int chosen = 0; chosen < (1 << nq); chosen++) {
        u64 taken = 0;
        int pts = 0, k = -1;
        for (int i = 0; i < nq; i++) {
            if (!(chosen >> i & 1)) continue;
            int r = qrank[i], v = R->quartet_values[r];
            taken |= (1ULL << r) | (1ULL << (9 + r)) | (1ULL << (18 + r)) | (1ULL << (27 + r));
            pts += v;
            int qk = meld_key(R, 0, 4, r, -1, contract, v);
            if (qk > k) k = qk;
        }
        w.nruns = 0;
        if (!R->overlap_share) {
            add_runs(hand & ~taken, &w);
        } else {
            WeisWalk all;
            all.nruns = 0;
            add_runs(hand, &all);
            for (int i = 0; i < all.nruns; i++) {
                u64 run = ((1ULL << all.len[i]) - 1) << all.start[i];
                if (!(run & taken)) {
                    w.start[w.nruns] = all.start[i];
                    w.len[w.nruns] = all.len[i];
                    w.nruns++;
                }
            }
        }
        walk_runs(R, &w, 0, 0, pts, k);
    }
    if (w.best_points > 0) {
        *points = w.best_points;
        *key = w.best_key;
    }
}

/* resolve_declarations: the seat whose best meld is strongest (ties to the seat nearer the forehand)
 * writes its team's melds. Returns the seat or -1; team points in pts[2]. */
static int resolve(const int *dpoints, const int *dkey, int forehand, int *pts) {
    int win = -1;
    long best = -1;
    for (int seat = 0; seat < 4; seat++) {
        if (dkey[seat] < 0) continue;
        long k = (long)dkey[seat] * 4 + (3 - ((seat - forehand) & 3));
        if (k > best) {
            best = k;
            win = seat;
        }
    }
    pts[0] = pts[1] = 0;
    if (win >= 0) pts[win & 1] = dpoints[win & 1] + dpoints[(win & 1) + 2];
    return win;
}

/* ---------- a round in play, card by card ---------- */

/* A round in play: the hands, trick ``t`` (0..8, 9 once the round is over) of contract ``code`` with its
 * ``n`` cards so far, its leader, and the card points (the last trick's bonus not counted) and tricks each
 * team has taken since the position was read. */
typedef struct {
    u64 hands[4];
    int trick[4], n, leader, t, code, cp[2], won[2];
} Position;

/* RoundState.play without Weis and Stöck: the seat to act plays ``c``; a full trick goes to its winner. */
static inline void position_play(const Rules *R, Position *p, int c) {
    p->hands[(p->leader + p->n) & 3] ^= 1ULL << c;
    p->trick[p->n++] = c;
    if (p->n < 4) return;
    int d = R->direction[p->code][p->t];
    const int *pts = R->points[R->value_row[p->code][p->t]];
    p->leader = (p->leader + winner(&R->L, p->trick, 4, d)) & 3;
    p->cp[p->leader & 1] += pts[p->trick[0]] + pts[p->trick[1]] + pts[p->trick[2]] + pts[p->trick[3]];
    p->won[p->leader & 1]++;
    p->n = 0;
    p->t++;
}

/* ---------- one random round: puur.core.playout.python_round ---------- */

typedef struct {
    int8_t dealer, contract, pushed, weis_seat;
    u64 hands[4];
    int8_t cards[36], winners[9];
    int32_t card_points[2], last_trick[2], match[2], weis[2], stoeck[2], written[2];
} RoundOut;

static void play_round(const Rules *R, u64 seed, u64 index, RoundOut *o) {
    u64 st = mix64(seed ^ mix64(index * GAMMA));
    int dealer = below(&st, 4);
    int deck[36];
    for (int i = 0; i < 36; i++) deck[i] = i;
    for (int i = 35; i > 0; i--) {
        int j = below(&st, i + 1), t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    u64 hands[4] = {0, 0, 0, 0};
    int pos = 0;
    for (int p = 0; p < 3; p++)
        for (int j = 1; j <= 4; j++, pos += 3)
            hands[(dealer + j) & 3] |= (1ULL << deck[pos]) | (1ULL << deck[pos + 1]) | (1ULL << deck[pos + 2]);
    int forehand = (dealer + 1) & 3;
    int k = below(&st, R->noffered + 1), pushed = k == R->noffered;
    int contract = R->offered[pushed ? below(&st, R->noffered) : k];
    o->dealer = (int8_t)dealer;
    o->contract = (int8_t)contract;
    o->pushed = (int8_t)pushed;
    memcpy(o->hands, hands, sizeof hands);

    int dp[4], dk[4], wp[2];
    for (int s = 0; s < 4; s++) declaration(R, hands[s], contract, &dp[s], &dk[s]);
    o->weis_seat = (int8_t)resolve(dp, dk, forehand, wp);
    int stoeck_team = -1;
    u64 pair = R->stoeck_pair[contract];
    if (pair)
        for (int s = 0; s < 4; s++)
            if ((hands[s] & pair) == pair) stoeck_team = s & 1;

    Position p = {.leader = forehand, .code = contract};
    memcpy(p.hands, hands, sizeof hands);
    for (int i = 0; i < 36; i++) {
        int t = p.t;
        u64 lg = legal(&R->L, p.hands[(p.leader + p.n) & 3], p.trick, p.n, contract);
        for (int k = below(&st, popc(lg)); k; k--) lg &= lg - 1;
        int c = low_card(lg);
        o->cards[i] = (int8_t)c;
        position_play(R, &p, c);
        if (p.t > t) o->winners[t] = (int8_t)p.leader;
    }
    int last = p.leader & 1, f = R->factor[contract];
    for (int team = 0; team < 2; team++) {
        o->card_points[team] = p.cp[team];
        o->last_trick[team] = team == last ? R->last_bonus : 0;
        o->match[team] = p.won[team] == 9 ? R->match_bonus : 0;
        o->weis[team] = wp[team];
        o->stoeck[team] = team == stoeck_team ? R->stoeck_points : 0;
        o->written[team] = (o->card_points[team] + o->last_trick[team] + o->match[team] + o->weis[team] +
                            o->stoeck[team]) * f;
    }
}

/* ---------- the playout policy: puur.bots.rollout (choose, playout) ---------- */

/* _lowest / _highest: the first card in card order with the least / greatest key. */
static inline int lowest_by(u64 m, const int *key) {
    int best = -1, best_v = 1 << 30;
    for (; m; m &= m - 1) {
        int c = low_card(m);
        if (key[c] < best_v) {
            best = c;
            best_v = key[c];
        }
    }
    return best;
}

static inline int highest_by(u64 m, const int *key) {
    int best = -1, best_v = -(1 << 30);
    for (; m; m &= m - 1) {
        int c = low_card(m);
        if (key[c] > best_v) {
            best = c;
            best_v = key[c];
        }
    }
    return best;
}

/* _losers: the ``cards`` another hand can beat in their suit. */
static inline u64 losers(const u64 *hands, int seat, u64 cards, const u64 *stronger) {
    u64 others = hands[(seat + 1) & 3] | hands[(seat + 2) & 3] | hands[(seat + 3) & 3], out = 0;
    for (; cards; cards &= cards - 1)
        if (others & stronger[low_card(cards)]) out |= cards & -cards;
    return out;
}

/* _safe_from: the ``cards`` that ``hand`` cannot beat. */
static inline u64 safe_from(u64 hand, u64 cards, const u64 *beats) {
    u64 out = 0;
    for (; cards; cards &= cards - 1)
        if (!(hand & beats[low_card(cards)])) out |= cards & -cards;
    return out;
}

/* _throw: the cheapest card to throw, keeping the masters. */
static inline int throw_card(const u64 *hands, int seat, u64 lg, const int *disc, const u64 *stronger) {
    u64 l = losers(hands, seat, lg, stronger);
    return lowest_by(l ? l : lg, disc);
}

/* _lead */
static int policy_lead(const Rules *R, const u64 *hands, int seat, u64 lg, int d, int v, u64 tmask) {
    const int *strength = R->L.strength[d], *points = R->points[v];
    const u64 *beats = R->beats[d];
    u64 a = hands[(seat + 1) & 3], b = hands[(seat + 3) & 3], opp = a | b, opp_trumps = opp & tmask;
    int best_c = -1, best_v = -1;
    for (u64 m = lg & ~losers(hands, seat, lg, R->stronger[d]); m; m &= m - 1) {
        int c = low_card(m), v;
        u64 suit = SUIT(c / 9);
        if (suit == tmask) {
            if (!opp_trumps) continue;
            v = 1000;
        } else {
            if (opp_trumps && ((!(a & suit) && (a & tmask)) || (!(b & suit) && (b & tmask)))) continue;
            v = points[c] + 20 + strength[c] % 100;
        }
        if (v > best_v) {
            best_c = c;
            best_v = v;
        }
    }
    if (best_c >= 0) return best_c;
    u64 partner = hands[(seat + 2) & 3];
    for (int s = 0; s < 4; s++) {
        u64 suit = SUIT(s), mine = lg & suit, pm = partner & suit;
        if (!mine || !pm || (opp & beats[highest_by(pm, strength)])) continue;
        if (suit == tmask) {
            if (opp_trumps) {
                best_c = lowest_by(mine, strength);
                best_v = 0;
            }
            continue;
        }
        int c = highest_by(mine, points);
        if (points[c] + 1 > best_v) {
            best_c = c;
            best_v = points[c] + 1;
        }
    }
    if (best_c >= 0) return best_c;
    u64 shortest = lg; /* _shortest_suit */
    int fewest = 10;
    for (int s = 0; s < 4; s++) {
        u64 suit = SUIT(s);
        int k = popc(lg & suit);
        if (suit != tmask && k > 0 && k < fewest) {
            shortest = lg & suit;
            fewest = k;
        }
    }
    return lowest_by(shortest, R->discard[v]);
}

/* choose: the policy's card for the seat to act, trick ``t`` (0..8) of contract ``code``, its ``n`` cards
 * played so far in ``trick``. */
static int policy_choose(const Rules *R, const u64 *hands, const int *trick, int n, int leader, int t, int code) {
    int seat = (leader + n) & 3, d = R->direction[code][t], v = R->value_row[code][t];
    u64 lg = legal(&R->L, hands[seat], trick, n, d);
    if (!(lg & (lg - 1))) return low_card(lg);
    const int *strength = R->L.strength[d], *points = R->points[v], *disc = R->discard[v];
    const u64 *beats = R->beats[d], *stronger = R->stronger[d];
    int trump = d < 4 ? d : -1;
    u64 tmask = trump >= 0 ? SUIT(trump) : 0;
    if (!n) return policy_lead(R, hands, seat, lg, d, v, tmask);
    int w = winner(&R->L, trick, n, d), last = n == 3;
    u64 next = hands[(seat + 1) & 3];
    if (w == n - 2) { /* the partner is winning */
        if (last || !(next & beats[trick[w]])) {
            u64 pool = (lg & ~tmask) ? (lg & ~tmask) : lg, l = losers(hands, seat, pool, stronger);
            return highest_by(l ? l : pool, points);
        }
        u64 secure = safe_from(next, lg & ~tmask & beats[trick[w]], beats);
        if (secure) return lowest_by(secure, strength);
        return throw_card(hands, seat, lg, disc, stronger);
    }
    int tp = points[trick[0]] + (n > 1 ? points[trick[1]] : 0) + (n > 2 ? points[trick[2]] : 0);
    int best = trick[w], led = trick[0] / 9;
    u64 beat = lg & beats[best];
    if (beat && !last) {
        u64 safe = safe_from(next, beat, beats);
        if (safe)
            beat = safe;
        else if (n == 1 && !tmask && (hands[(seat + 2) & 3] & beats[best]))
            beat = 0; /* second hand low: the partner, last to play, can still take it */
    }
    if (beat) {
        u64 plain = beat & ~tmask;
        if (plain) return lowest_by(plain, strength);
        if (tp >= R->trump_worthy || t == 8 || led == trump) return lowest_by(beat, strength);
    }
    return throw_card(hands, seat, lg, disc, stronger);
}

/* playout: the round played to its end by the policy; the last trick's winner is then ``p->leader``. */
static void policy_playout(const Rules *R, Position *p) {
    while (p->t < 9) position_play(R, p, policy_choose(R, p->hands, p->trick, p->n, p->leader, p->t, p->code));
}

/* ---------- the Python type ---------- */

static int read_ints(PyObject *seq, int *out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd numbers expected", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

static int read_masks(PyObject *seq, u64 *out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd card sets expected", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == (u64)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int Rules_init(Rules *R, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"strength", "higher", "puur", "stoeck_pair", "points", "factor", "seq_values",
                             "quartet_values", "options", "bonuses", "direction", "offered", "value_row", NULL};
    PyObject *strength, *higher, *puur, *pair, *points, *factor, *seqv, *quartv, *options, *bonuses, *dir, *offered,
        *vrow;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOOOOOOOOO", kwlist, &strength, &higher, &puur, &pair, &points,
                                     &factor, &seqv, &quartv, &options, &bonuses, &dir, &offered, &vrow))
        return -1;
    Py_ssize_t noff = PySequence_Size(offered);
    if (noff < 1 || noff > NCODE) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "offered: 1 to 10 contract codes");
        return -1;
    }
    if (read_ints(dir, &R->direction[0][0], NCODE * 9, "direction") < 0 ||
        read_ints(vrow, &R->value_row[0][0], NCODE * 9, "value_row") < 0 ||
        read_ints(offered, R->offered, noff, "offered") < 0)
        return -1;
    for (int i = 0; i < NCODE * 9; i++)
        if ((&R->value_row[0][0])[i] < 0 || (&R->value_row[0][0])[i] >= NVAL) {
            PyErr_SetString(PyExc_ValueError, "value_row: a row 0..11 of points for every trick");
            return -1;
        }
    R->noffered = (int)noff;
    for (int i = 0; i < NCODE * 9; i++)
        if ((&R->direction[0][0])[i] < 0 || (&R->direction[0][0])[i] >= NCON) {
            PyErr_SetString(PyExc_ValueError, "direction: a contract of one order, 0..5, for every trick");
            return -1;
        }
    for (int i = 0; i < noff; i++)
        if (R->offered[i] < 0 || R->offered[i] >= NCODE) {
            PyErr_SetString(PyExc_ValueError, "offered: contract codes 0..9");
            return -1;
        }
    int opt[10], bon[3];
    if (read_ints(strength, &R->L.strength[0][0], NCON * 36, "strength") < 0 ||
        read_masks(higher, R->L.higher, 36, "higher") < 0 || read_masks(puur, R->L.puur, NCON, "puur") < 0 ||
        read_masks(pair, R->stoeck_pair, NCODE, "stoeck_pair") < 0 ||
        read_ints(points, &R->points[0][0], NVAL * 36, "points") < 0 ||
        read_ints(factor, R->factor, NCODE, "factor") < 0 || read_ints(seqv, R->seq_values, 10, "seq_values") < 0 ||
        read_ints(quartv, R->quartet_values, 9, "quartet_values") < 0 || read_ints(options, opt, 10, "options") < 0 ||
        read_ints(bonuses, bon, 3, "bonuses") < 0)
        return -1;
    for (int i = 0; i < NVAL * 36; i++)
        if ((i < NCON * 36 && (&R->L.strength[0][0])[i] < 0) || (&R->points[0][0])[i] < 0 || (&R->points[0][0])[i] > 100) {
            PyErr_SetString(PyExc_ValueError, "strength and points: numbers from 0 (points at most 100)");
            return -1;
        }
    for (int i = 0; i < 10; i++)
        if (R->seq_values[i] < 0 || R->seq_values[i] > 1000 || (i < 9 && (R->quartet_values[i] < 0 || R->quartet_values[i] > 1000))) {
            PyErr_SetString(PyExc_ValueError, "Weis values: numbers from 0 to 1000");
            return -1;
        }
    if (opt[8] < 0 || opt[8] > 2) {
        PyErr_SetString(PyExc_ValueError, "options[8] (weis_compare): 0, 1 or 2");
        return -1;
    }
    legal_options_set(&R->L, opt);
    R->overlap_share = opt[6] != 0;
    R->split_runs = opt[7] != 0;
    R->compare = opt[8];
    R->undenufe_reverse = opt[9] != 0;
    R->last_bonus = bon[0];
    R->match_bonus = bon[1];
    R->stoeck_points = bon[2];
    return 0;
}

static int check_contract(int contract) {
    if (contract < 0 || contract >= NCODE) {
        PyErr_SetString(PyExc_ValueError, "contract: 0..9 (C D H S O U SLO SLU GUO GUU)");
        return -1;
    }
    return 0;
}

static int read_trick(PyObject *obj, int *trick, int *n, int most) {
    Py_ssize_t len = PySequence_Size(obj);
    if (len < 0) return -1;
    if (len > most) {
        PyErr_Format(PyExc_ValueError, "trick: at most %d cards", most);
        return -1;
    }
    if (read_ints(obj, trick, len, "trick") < 0) return -1;
    for (Py_ssize_t i = 0; i < len; i++)
        if (trick[i] < 0 || trick[i] > 35) {
            PyErr_SetString(PyExc_ValueError, "trick: a card outside 0..35");
            return -1;
        }
    *n = (int)len;
    return 0;
}

static PyObject *Rules_legal(Rules *R, PyObject *args) {
    unsigned long long hand;
    PyObject *trick_obj;
    int contract, trick[3], n;
    if (!PyArg_ParseTuple(args, "KOi", &hand, &trick_obj, &contract)) return NULL;
    if (check_contract(contract) < 0 || read_trick(trick_obj, trick, &n, 3) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(legal(&R->L, hand & ((1ULL << 36) - 1), trick, n, contract));
}

static PyObject *Rules_winner(Rules *R, PyObject *args) {
    PyObject *trick_obj;
    int contract, trick[4], n, index = 0;
    if (!PyArg_ParseTuple(args, "Oi|i", &trick_obj, &contract, &index)) return NULL;
    if (check_contract(contract) < 0 || read_trick(trick_obj, trick, &n, 4) < 0) return NULL;
    if (index < 0 || index > 8) {
        PyErr_SetString(PyExc_ValueError, "trick_index: 0..8");
        return NULL;
    }
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "trick: at least one card");
        return NULL;
    }
    return PyLong_FromLong(winner(&R->L, trick, n, R->direction[contract][index]));
}

static PyObject *Rules_declaration(Rules *R, PyObject *args) {
    unsigned long long hand;
    int contract, points, key;
    if (!PyArg_ParseTuple(args, "Ki", &hand, &contract)) return NULL;
    if (check_contract(contract) < 0) return NULL;
    declaration(R, hand & ((1ULL << 36) - 1), contract, &points, &key);
    return Py_BuildValue("(ii)", points, key);
}

static PyObject *Rules_resolve(Rules *R, PyObject *args) {
    PyObject *hands_obj;
    int contract, forehand;
    u64 hands[4];
    if (!PyArg_ParseTuple(args, "Oii", &hands_obj, &contract, &forehand)) return NULL;
    if (check_contract(contract) < 0 || read_masks(hands_obj, hands, 4, "hands") < 0) return NULL;
    int dp[4], dk[4], pts[2];
    for (int s = 0; s < 4; s++) declaration(R, hands[s] & ((1ULL << 36) - 1), contract, &dp[s], &dk[s]);
    int seat = resolve(dp, dk, forehand & 3, pts);
    return Py_BuildValue("(i(ii))", seat, pts[0], pts[1]);
}

/* The columns play() fills, in the order of its arguments: items per round, bytes per item. */
#define NCOLS 13
static const int COL_PER[NCOLS] = {1, 1, 1, 1, 4, 36, 9, 2, 2, 2, 2, 2, 2};
static const int COL_SIZE[NCOLS] = {1, 1, 1, 1, 8, 1, 1, 4, 4, 4, 4, 4, 4};

static PyObject *Rules_play(Rules *R, PyObject *args) {
    Py_ssize_t n;
    unsigned long long seed, start;
    Py_buffer b[NCOLS];
    memset(b, 0, sizeof b);
    if (!PyArg_ParseTuple(args, "nKKw*w*w*w*w*w*w*w*w*w*w*w*w*", &n, &seed, &start, &b[0], &b[1], &b[2], &b[3],
                          &b[4], &b[5], &b[6], &b[7], &b[8], &b[9], &b[10], &b[11], &b[12]))
        return NULL;
    PyObject *result = NULL;
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, "n: a number of rounds, at least 0");
        goto done;
    }
    for (int i = 0; i < NCOLS; i++) {
        if (b[i].len < n * COL_PER[i] * COL_SIZE[i]) {
            PyErr_Format(PyExc_ValueError, "column %d: a writable buffer of %zd items of %d bytes expected", i,
                         n * COL_PER[i], COL_SIZE[i]);
            goto done;
        }
    }
    Py_BEGIN_ALLOW_THREADS
    RoundOut o;
    int8_t *dealer = b[0].buf, *contract = b[1].buf, *pushed = b[2].buf, *weis_seat = b[3].buf;
    u64 *hands = b[4].buf;
    int8_t *cards = b[5].buf, *winners = b[6].buf;
    int32_t *cp = b[7].buf, *last = b[8].buf, *match = b[9].buf, *weis = b[10].buf, *stoeck = b[11].buf,
            *written = b[12].buf;
    for (Py_ssize_t i = 0; i < n; i++) {
        play_round(R, seed, start + (u64)i, &o);
        dealer[i] = o.dealer;
        contract[i] = o.contract;
        pushed[i] = o.pushed;
        weis_seat[i] = o.weis_seat;
        memcpy(hands + 4 * i, o.hands, sizeof o.hands);
        memcpy(cards + 36 * i, o.cards, 36);
        memcpy(winners + 9 * i, o.winners, 9);
        memcpy(cp + 2 * i, o.card_points, 8);
        memcpy(last + 2 * i, o.last_trick, 8);
        memcpy(match + 2 * i, o.match, 8);
        memcpy(weis + 2 * i, o.weis, 8);
        memcpy(stoeck + 2 * i, o.stoeck, 8);
        memcpy(written + 2 * i, o.written, 8);
    }
    Py_END_ALLOW_THREADS
    result = Py_None;
    Py_INCREF(result);
done:
    for (int i = 0; i < NCOLS; i++)
        if (b[i].obj) PyBuffer_Release(&b[i]);
    return result;
}

static PyObject *Rules_set_policy(Rules *R, PyObject *args) {
    PyObject *beats, *stronger, *discard;
    int worthy;
    if (!PyArg_ParseTuple(args, "OOOi", &beats, &stronger, &discard, &worthy)) return NULL;
    if (read_masks(beats, &R->beats[0][0], NCON * 36, "beats") < 0 ||
        read_masks(stronger, &R->stronger[0][0], NCON * 36, "stronger") < 0 ||
        read_ints(discard, &R->discard[0][0], NVAL * 36, "discard") < 0)
        return NULL;
    R->trump_worthy = worthy;
    R->policy_ready = 1;
    Py_RETURN_NONE;
}

static int read_position(const Rules *R, PyObject *hands_obj, PyObject *trick_obj, int leader, int t, int code,
                         Position *p) {
    if (!R->policy_ready) {
        PyErr_SetString(PyExc_RuntimeError, "set_policy has not been called");
        return -1;
    }
    if (check_contract(code) < 0 || read_trick(trick_obj, p->trick, &p->n, 3) < 0 ||
        read_masks(hands_obj, p->hands, 4, "hands") < 0)
        return -1;
    if (leader < 0 || leader > 3 || t < 0 || t > 8) {
        PyErr_SetString(PyExc_ValueError, "leader: 0..3, trick_index: 0..8");
        return -1;
    }
    u64 seen = 0;
    for (int i = 0; i < p->n; i++) {
        if (seen >> p->trick[i] & 1) {
            PyErr_SetString(PyExc_ValueError, "trick: a card twice");
            return -1;
        }
        seen |= 1ULL << p->trick[i];
    }
    for (int j = 0; j < 4; j++) {
        int seat = (leader + j) & 3;
        u64 h = p->hands[seat];
        if ((h >> 36) || (h & seen) || popc(h) != 9 - t - (j < p->n)) {
            PyErr_Format(PyExc_ValueError,
                         "hands: seat %d must hold %d cards of 0..35, none held by another seat or in the trick",
                         seat, 9 - t - (j < p->n));
            return -1;
        }
        seen |= h;
    }
    p->leader = leader;
    p->t = t;
    p->code = code;
    p->cp[0] = p->cp[1] = p->won[0] = p->won[1] = 0;
    return 0;
}

static PyObject *Rules_policy(Rules *R, PyObject *args) {
    PyObject *hands, *trick;
    int leader, t, code;
    Position p;
    if (!PyArg_ParseTuple(args, "OOiii", &hands, &trick, &leader, &t, &code)) return NULL;
    if (read_position(R, hands, trick, leader, t, code, &p) < 0) return NULL;
    return PyLong_FromLong(policy_choose(R, p.hands, p.trick, p.n, p.leader, p.t, p.code));
}

static PyObject *Rules_rollout(Rules *R, PyObject *args) {
    PyObject *hands, *trick;
    int leader, t, code, first = -1;
    Position p;
    if (!PyArg_ParseTuple(args, "OOiii|i", &hands, &trick, &leader, &t, &code, &first)) return NULL;
    if (read_position(R, hands, trick, leader, t, code, &p) < 0) return NULL;
    if (first >= 0) {
        int seat = (p.leader + p.n) & 3;
        if (first > 35 || !(legal(&R->L, p.hands[seat], p.trick, p.n, R->direction[code][t]) >> first & 1)) {
            PyErr_Format(PyExc_ValueError, "first: card %d is not a legal card of seat %d", first, seat);
            return NULL;
        }
        position_play(R, &p, first);
    }
    policy_playout(R, &p);
    return Py_BuildValue("((ii)(ii)i)", p.cp[0], p.cp[1], p.won[0], p.won[1], p.leader);
}

static PyMethodDef Rules_methods[] = {
    {"legal", (PyCFunction)Rules_legal, METH_VARARGS, "legal(hand, trick, contract) -> card set (legal_moves)"},
    {"winner", (PyCFunction)Rules_winner, METH_VARARGS, "winner(trick, contract, trick_index=0) -> index (trick_winner)"},
    {"declaration", (PyCFunction)Rules_declaration, METH_VARARGS,
     "declaration(hand, contract) -> (points, best meld key or -1)"},
    {"resolve", (PyCFunction)Rules_resolve, METH_VARARGS,
     "resolve(hands, contract, forehand) -> (winning seat or -1, (team 0 points, team 1 points))"},
    {"play", (PyCFunction)Rules_play, METH_VARARGS,
     "play(n, seed, start, dealer, contract, pushed, weis_seat, hands, cards, winners, card_points, "
     "last_trick, match, weis, stoeck, written) fills the columns with rounds start..start+n-1"},
    {"set_policy", (PyCFunction)Rules_set_policy, METH_VARARGS,
     "set_policy(beats, stronger, discard, trump_worthy): the playout policy's tables (puur.bots.rollout)"},
    {"policy", (PyCFunction)Rules_policy, METH_VARARGS,
     "policy(hands, trick, leader, trick_index, contract) -> the policy's card for the seat to act (choose)"},
    {"rollout", (PyCFunction)Rules_rollout, METH_VARARGS,
     "rollout(hands, trick, leader, trick_index, contract, first=-1) -> ((card points), (tricks), last winner): "
     "the rest of the round played by the policy (after ``first`` by the seat to act), the last trick's bonus "
     "not counted"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "puur.core._playout_core.Rules",
    .tp_basicsize = sizeof(Rules),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One profile's rule tables and options, compiled, and random rounds played under them.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rules_init,
    .tp_methods = Rules_methods,
};

static PyObject *mod_draws(PyObject *self, PyObject *args) {
    (void)self;
    unsigned long long seed, index;
    int count, bound;
    if (!PyArg_ParseTuple(args, "KKii", &seed, &index, &count, &bound)) return NULL;
    if (count < 0 || count > 1000000 || bound < 1) {
        PyErr_SetString(PyExc_ValueError, "count: 0..1000000, bound: at least 1");
        return NULL;
    }
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    u64 st = mix64(seed ^ mix64(index * GAMMA));
    for (int i = 0; i < count; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(below(&st, bound)));
    return out;
}

static PyMethodDef module_methods[] = {
    {"draws", mod_draws, METH_VARARGS, "draws(seed, index, count, bound) -> SplitMix(seed, index).below(bound) x count"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_playout_core", "The compiled playout core of puur.core.playout.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__playout_core(void) {
    if (PyType_Ready(&RulesType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    Py_INCREF(&RulesType);
    if (PyModule_AddObject(m, "Rules", (PyObject *)&RulesType) < 0) {
        Py_DECREF(&RulesType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
