/* The search core of puur.bots.solver, compiled: the Python search in solver.py written again, function
 * for function (``check_deadline``, ``tt_store``, ``move_keys``, ``last_trick``, ``lead``, ``follow``; the
 * Core type's ``lead`` and ``follow``), over the same tables, so both visit the same positions in the same
 * order (``read_numbers`` and ``read_hands`` are ``_numbers`` and ``_hands`` there). The helpers here for
 * what Python has built in (popc, top_card, low_card, hash40, tt_find, sort_keys) have no Python twin.
 *
 * No rule lives here. Who takes a trick from whom comes from the rules core's table (``BEATS`` of
 * ``puur.core.rules.beats``, read off ``trick_winner``); card points from the profile's points table, the
 * last trick's 5 and the match's 100 from the rules core's constants, all passed in. Which cards may be
 * played: ``legal`` of ``_legal.h``, the playout core's text of ``puur.core.rules.legal.legal_moves`` (tested
 * equal to it in every preset), with the profile's options (``rules``, from
 * ``puur.core.playout.compiled_legal_rules``; a profile it does not know is searched in Python). The Python
 * search asks ``legal_moves`` and memoizes its answers: the same cards, so the same positions (computed
 * rather than looked up in a memo of millions of entries, a position takes some 30% less time here: each
 * probe of the memo missed the caches).
 *
 * Values are team 0's future points minus team 1's (card points, the last-trick bonus, the match bonus),
 * fail-soft. The transposition table keeps bounds and the best lead at trick boundaries, keyed by the
 * cards still in play (up to equivalence: cards of one suit and hand with equal points whose order
 * against the rest of the suit in play is the same are one key, ``set_reference``), the leader and who can
 * still make a match; it is a fixed array of 8-way buckets
 * (one 64-byte cache line each, entries of 8 bytes: the key's 40 bits mixed one to one by ``hash40``, its
 * low bits picking the bucket and the rest kept as the entry's check, so an entry is found exactly) that
 * replaces the entry with the fewest tricks left when a bucket is full
 * (a cache: the values stay exact whatever it forgets; the Python search's dict forgets nothing). ``reset``
 * readies a Core for another deal of its contract and profile: the table is forgotten by a generation
 * number.
 *
 * A search runs without the GIL, so solvers in other threads (and the rest of a server) go on meanwhile;
 * one Core runs one search at a time.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "../core/_legal.h"

typedef uint64_t u64;

#define FULL ((1ULL << 36) - 1)
#define NO_MATCH 2
#define FRESH 3
#define INF 30000
#define WAYS 8
#define MIN_BITS 14 /* the check keeps the hashed key from bit 14 up: 2^14 buckets at least */
#define M40 ((1ULL << 40) - 1)
#define MOST_POINTS 500 /* a value the table keeps in 10 bits (|v| < 511): a round has 257 at most */
#define HUGE_PAGE (2u << 20)

/* A table entry in 8 bytes (eight to a 64-byte bucket): the key's check bits (26), the bounds lo and hi
 * (10 bits each, +512; 0 and 1023 stand for -INF and INF: a value is at most a round's 157 and a match's 100
 * away from 0), the best lead (6 bits, 63 none), the tricks left (4) and
 * the search (``reset``) that stored it (8; entries of earlier ones count as empty). Eight entries a
 * bucket rather than four of 16 bytes: 14% fewer positions and some 15% less time on whole rounds. */
typedef u64 TTEntry;

typedef struct {
    PyObject_HEAD
    u64 beats[36];
    int up[36], pts[36];
    int k_smear[36], k_low[36], k_win[36], k_discard[36], k_lead[36];
    int8_t next_up[36][512]; /* the next stronger card of c's suit among the suit's cards in play (its 9 bits), or -1 */
    int tsh;
    int top_above[512], tpts[512];
    int last_bonus, match_bonus;
    int hi_bonus[4], lo_bonus[4];
    u64 hands[4];
    u64 ref[4]; /* the hands the table's keys are drawn from (``set_reference``); all 0: none yet */
    uint16_t canon[4][512]; /* per suit, its cards in play (9 bits) -> the equivalent set in the key */
    int weak[4]; /* each suit's weakest card */
    TTEntry *tt;
    u64 tt_buckets; /* a power of two */
    uint8_t gen;
    LegalRules L; /* the legal-move rules (_legal.h) */
    int contract; /* their contract, 0..5 */
    long long nodes;
    int failed; /* the deadline passed (TIMED_OUT): unwind */
    double deadline; /* CLOCK_MONOTONIC seconds (Python's time.monotonic()); 0: none */
    int busy;   /* a search is running (without the GIL): one at a time per Core */
} Core;

#define TIMED_OUT 2
#define CLOCK_EVERY 1023 /* the clock is read every 1024 positions */

static double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Read the clock (once in 1024 positions): past the deadline, mark the search to stop (1). */
static int check_deadline(Core *s) {
    if (s->deadline <= 0 || monotonic() <= s->deadline) return 0;
    s->failed = TIMED_OUT;
    return 1;
}

static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline int top_card(u64 x) { return 63 - __builtin_clzll(x); }
static inline int low_card(u64 x) { return __builtin_ctzll(x); }

/* ---------- transposition table ---------- */

/* The key (40 bits) mixed, one to one: its low bits pick the bucket, its bits from MIN_BITS up are kept
 * (the entry's check). Computed once per key: the probes and the store take the mixed key ``h``. */
static inline u64 hash40(u64 k) {
    k = (k * 0x9E3779B97F4A7C15ULL) & M40;
    k ^= k >> 20;
    k = (k * 0xBF58476D1CE4E5B9ULL) & M40;
    k ^= k >> 17;
    return k;
}

#define CHECK_AT 38                           /* the check's first bit in an entry */
#define FOUND_BY (~0ULL << CHECK_AT | 255)    /* what finds an entry: its check and its search */
#define LO_AT 18
#define HI_AT 28

/* The buckets of a table asked for ``tt_bits`` (at least 2^MIN_BITS: the check keeps the rest of the key). */
static inline u64 tt_buckets_for(int tt_bits) { return 1ULL << (tt_bits > MIN_BITS ? tt_bits : MIN_BITS); }

/* The bucket of the mixed key ``h``: its eight ways. */
static inline TTEntry *tt_bucket(const Core *s, u64 h) { return s->tt + (h & (s->tt_buckets - 1)) * WAYS; }

/* The check and search of an entry of the mixed key ``h`` stored by this search. */
static inline u64 tt_tag(const Core *s, u64 h) { return (h >> MIN_BITS) << CHECK_AT | s->gen; }

static inline int tt_dec(u64 x) { return x == 0 ? -INF : x == 1023 ? INF : (int)x - 512; }
static inline u64 tt_enc(int v) { return v <= -512 ? 0 : v >= 511 ? 1023 : (u64)(v + 512); }
static inline int tt_lo(TTEntry e) { return tt_dec((e >> LO_AT) & 1023); }
static inline int tt_hi(TTEntry e) { return tt_dec((e >> HI_AT) & 1023); }

typedef struct {
    int lo, hi, best;
} TTHit;

/* The entry of the mixed key ``h`` into ``out``: 1, or 0 when the table does not hold it. */
static int tt_find(const Core *s, u64 h, TTHit *out) {
    const TTEntry *b = tt_bucket(s, h);
    u64 tag = tt_tag(s, h);
    for (int i = 0; i < WAYS; i++)
        if ((b[i] & FOUND_BY) == tag) {
            int best = (int)((b[i] >> 12) & 63);
            out->lo = tt_lo(b[i]);
            out->hi = tt_hi(b[i]);
            out->best = best == 63 ? -1 : best;
            return 1;
        }
    return 0;
}

/* Keep the bounds ``lo``..``hi`` and the best lead of a trick boundary (mixed key ``h``), tightening those
 * kept; in a full bucket, over the entry with the fewest tricks left (``depth``). */
static void tt_store(Core *s, u64 h, int lo, int hi, int best, int depth) {
    TTEntry *b = tt_bucket(s, h);
    u64 tag = tt_tag(s, h);
    TTEntry *slot = NULL;
    int slot_depth = 99;
    for (int i = 0; i < WAYS; i++) {
        u64 e = b[i];
        if ((e & 255) != s->gen) { /* empty, or left by an earlier search */
            if (slot_depth >= 0) slot = &b[i], slot_depth = -1;
            continue;
        }
        if ((e & FOUND_BY) == tag) {
            if (tt_lo(e) > lo) lo = tt_lo(e);
            if (tt_hi(e) < hi) hi = tt_hi(e);
            slot = &b[i];
            break;
        }
        int d = (int)((e >> 8) & 15);
        if (d < slot_depth) slot = &b[i], slot_depth = d;
    }
    *slot = tag | tt_enc(hi) << HI_AT | tt_enc(lo) << LO_AT | (u64)(best < 0 ? 63 : best) << 12 | (u64)depth << 8;
}

/* ---------- the search ---------- */

/* The key's card set for the cards in play ``rem``: each suit's cards replaced by the first equivalent
 * set of the reference hands (``set_reference``). */
static inline u64 canon_key(const Core *s, u64 rem) {
    return (u64)s->canon[0][rem & 511] | (u64)s->canon[1][(rem >> 9) & 511] << 9 |
           (u64)s->canon[2][(rem >> 18) & 511] << 18 | (u64)s->canon[3][(rem >> 27) & 511] << 27;
}

static inline void sort_keys(int *a, int n) {
    for (int i = 1; i < n; i++) {
        int x = a[i], j = i - 1;
        while (j >= 0 && a[j] > x) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
}

/* Each card its own sort key (move_keys then gives the cards). */
static const int CARDS[36] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,
                              18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35};

/* The sort keys of the cards of ``lg`` into ``out`` (``k1[c]`` for a card of ``split``, ``k0[c]`` for the
 * others), one card (the strongest) of each run of equivalent cards: a card goes when the next stronger
 * card of its suit still in play (``gone``: the cards played) is in ``lg`` and has the same points.
 * Returns how many. The Python ``move_keys`` walks up the suit (``up``) past the cards gone; here
 * ``next_up`` holds that walk's end for each card and each set of its suit's cards in play (``Core_init``),
 * a branch-free look-up instead of a loop (some 10% less time a position). */
static inline int move_keys(const int8_t (*next_up)[512], const int *pts, u64 lg, u64 gone, const int *k1,
                            const int *k0, u64 split, int *out) {
    int count = 0;
    u64 live = ~gone;
    for (u64 m = lg; m; m &= m - 1) {
        int c = low_card(m);
        int n = next_up[c][(live >> (9 * (c / 9))) & 511];
        if (n < 0 || !((lg >> n) & 1) || pts[n] != pts[c]) out[count++] = ((split >> c) & 1) ? k1[c] : k0[c];
    }
    return count;
}

static int follow(Core *s, int pos, int seat, int *trick, int wcard, int wseat, int tp, int leader, int flag,
                  int left, u64 gone, int alpha, int beta);

/* Trick 9 from its lead, one card left in each hand: its value (the last trick's 5, and the match). */
static inline int last_trick(const Core *s, int leader, int flag) {
    int c = top_card(s->hands[leader]);
    int p = s->pts[c] + s->last_bonus;
    int w = c, ws = leader;
    for (int i = 1; i < 4; i++) {
        int seat = (leader + i) & 3;
        int d = top_card(s->hands[seat]);
        p += s->pts[d];
        if ((s->beats[w] >> d) & 1) {
            w = d;
            ws = seat;
        }
    }
    int team = ws & 1;
    if (flag == team) p += s->match_bonus;
    return team ? -p : p;
}

/* The value of the rest of the round at a trick boundary, ``leader`` to lead (``left``: the points still
 * out, +5; ``gone``: the cards played): fail-soft in the window ``alpha``..``beta``. */
static int lead(Core *s, int leader, int flag, int left, u64 gone, int alpha, int beta) {
    if (!(++s->nodes & CLOCK_EVERY) && check_deadline(s)) return 0;
    u64 rem = FULL ^ gone;
    if (popc(rem) == 4) return last_trick(s, leader, flag);
    int hi, lo;
    u64 r9;
    if (s->tsh >= 0 && (r9 = (rem >> s->tsh) & 511)) {
        /* trumps that beat all of the other team's are in tricks their team wins */
        u64 a9 = ((s->hands[0] | s->hands[2]) >> s->tsh) & 511;
        u64 b9 = r9 ^ a9;
        int m0 = (int)(a9 & (u64)s->top_above[b9]);
        int m1 = (int)(b9 & (u64)s->top_above[a9]);
        hi = left - 2 * s->tpts[m1] + (m1 ? 0 : s->hi_bonus[flag]);
        lo = 2 * s->tpts[m0] - left - (m0 ? 0 : s->lo_bonus[flag]);
    } else {
        hi = left + s->hi_bonus[flag];
        lo = -left - s->lo_bonus[flag];
    }
    if (hi <= alpha) return hi;
    if (lo >= beta) return lo;
    u64 h = hash40(canon_key(s, rem) << 4 | (u64)leader << 2 | (u64)flag);
    TTHit entry;
    int hint = -1;
    if (tt_find(s, h, &entry)) {
        int elo = entry.lo, ehi = entry.hi;
        hint = entry.best;
        if (elo >= beta) return elo;
        if (ehi <= alpha) return ehi;
        if (elo == ehi) return elo;
        if (elo > lo) lo = elo;
        if (ehi < hi) hi = ehi;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    int a0 = alpha, b0 = beta;
    u64 hand = s->hands[leader];
    u64 others = rem ^ hand;
    int order[9];
    int n = move_keys(s->next_up, s->pts, hand, gone, CARDS, CARDS, 0, order);
    if (n > 1) {
        for (int i = 0; i < n; i++) {
            int c = order[i];
            if (c == hint) continue; /* the table's best lead first */
            if (!(s->beats[c] & others & (0x1FFULL << (9 * (c / 9)))))
                order[i] = (64 - s->pts[c]) << 6 | c; /* a master of its suit: richest first */
            else
                order[i] = s->k_lead[c];
        }
        sort_keys(order, n);
    }
    int maximize = !(leader & 1);
    int best_v = maximize ? -INF : INF, best_c = -1;
    int nxt = (leader + 1) & 3;
    int trick[4];
    for (int i = 0; i < n; i++) {
        int c = order[i] & 63;
        s->hands[leader] = hand ^ (1ULL << c);
        trick[0] = c;
        int v = follow(s, 1, nxt, trick, c, leader, s->pts[c], leader, flag, left, gone,
                       alpha, beta);
        if (s->failed) break;
        if (maximize) {
            if (v > best_v) {
                best_v = v, best_c = c;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta) break;
                }
            }
        } else if (v < best_v) {
            best_v = v, best_c = c;
            if (v < beta) {
                beta = v;
                if (v <= alpha) break;
            }
        }
    }
    s->hands[leader] = hand;
    if (s->failed) return 0;
    if (best_v <= a0)
        tt_store(s, h, -INF, best_v, best_c, popc(rem) / 4);
    else if (best_v >= b0)
        tt_store(s, h, best_v, INF, best_c, popc(rem) / 4);
    else
        tt_store(s, h, best_v, best_v, best_c, popc(rem) / 4);
    return best_v;
}

/* The value of the rest of the round (this trick included) with the ``pos`` cards ``trick`` down and
 * ``seat`` to play: ``wcard`` of ``wseat`` wins the trick so far, ``tp`` its points.
 * Fail-soft in the window ``alpha``..``beta``. */
static int follow(Core *s, int pos, int seat, int *trick, int wcard, int wseat, int tp, int leader, int flag,
                  int left, u64 gone, int alpha, int beta) {
    if (!(++s->nodes & CLOCK_EVERY) && check_deadline(s)) return 0;
    u64 *hands = s->hands;
    u64 hand = hands[seat];
    u64 lg = legal(&s->L, hand, trick, pos, s->contract);
    u64 bw = s->beats[wcard];
    /* the search order, as sort keys (order key << 6 | card) */
    const int *k0, *k1;
    if (!((wseat ^ seat) & 1)) { /* the partner wins so far */
        k1 = (pos == 3 || !(bw & hands[(seat + 1) & 3])) ? s->k_smear : s->k_low;
        k0 = k1;
    } else {
        k1 = s->k_win; /* the cheapest winner first (the fourth seat too: 2-4% fewer positions than the richest) */
        k0 = s->k_discard;
    }
    const int *pts = s->pts;
    int order[9];
    int n = move_keys(s->next_up, pts, lg, gone, k1, k0, bw, order);
    if (n > 1) sort_keys(order, n);
    int maximize = !(seat & 1);
    int best_v = maximize ? -INF : INF;
    u64 gone2 = gone;
    int last8 = 0;
    if (pos == 3) {
        gone2 = gone | (1ULL << trick[0]) | (1ULL << trick[1]) | (1ULL << trick[2]);
        int cnt = popc(gone2);
        /* (not in trick 8 or 9: the table holds no position of the last trick, nothing to find) */
        if (n > 1 && cnt < 31) {
            /* enhanced transposition cutoff: a child already known to refute this window */
            u64 rem2 = FULL ^ gone2;
            u64 k2 = canon_key(s, rem2);
            u64 ch[9]; /* the children's mixed keys */
            /* the children's buckets are fetched from memory together, not one miss after another */
            for (int i = 0; i < n; i++) {
                int c = order[i] & 63;
                int w = ((bw >> c) & 1) ? seat : wseat;
                int team = w & 1;
                int nflag = flag == FRESH ? team : (flag == team ? flag : NO_MATCH);
                int su = c / 9; /* the child's key: the played card's suit keyed again */
                u64 kc = (k2 & ~SUIT(su)) | (u64)s->canon[su][((rem2 ^ (1ULL << c)) >> (9 * su)) & 511] << (9 * su);
                ch[i] = hash40(kc << 4 | (u64)w << 2 | (u64)nflag);
                __builtin_prefetch(tt_bucket(s, ch[i]));
            }
            for (int i = 0; i < n; i++) {
                int c = order[i] & 63;
                int w = ((bw >> c) & 1) ? seat : wseat;
                int team = w & 1;
                TTHit te;
                if (tt_find(s, ch[i], &te)) {
                    int p = tp + pts[c];
                    if (maximize) {
                        int v = team ? te.lo - p : te.lo + p;
                        if (te.lo > -INF && v >= beta) return v;
                    } else {
                        int v = team ? te.hi - p : te.hi + p;
                        if (te.hi < INF && v <= alpha) return v;
                    }
                }
            }
        }
        if (cnt == 35) { /* trick 9 (from a root inside it): the round ends with this card */
            int c = order[0] & 63;
            int w = ((bw >> c) & 1) ? seat : wseat;
            int p = tp + pts[c] + s->last_bonus + (flag == (w & 1) ? s->match_bonus : 0);
            return (w & 1) ? -p : p;
        }
        last8 = cnt == 31; /* trick 8: each card also decides trick 9 (one card left in each hand) */
    }
    int nxt = (seat + 1) & 3;
    for (int i = 0; i < n; i++) {
        int c = order[i] & 63;
        u64 bit = 1ULL << c;
        hands[seat] = hand ^ bit;
        int v;
        if (pos < 3) {
            trick[pos] = c;
            if (bw & bit)
                v = follow(s, pos + 1, nxt, trick, c, seat, tp + pts[c], leader, flag,
                           left, gone, alpha, beta);
            else
                v = follow(s, pos + 1, nxt, trick, wcard, wseat, tp + pts[c], leader,
                           flag, left, gone, alpha, beta);
        } else {
            int w = (bw & bit) ? seat : wseat;
            int p = tp + pts[c];
            int team = w & 1;
            int nflag = flag == FRESH ? team : (flag == team ? flag : NO_MATCH);
            if (last8)
                v = (team ? -p : p) + last_trick(s, w, nflag);
            else if (team)
                v = lead(s, w, nflag, left - p, gone2 | bit, alpha + p, beta + p) - p;
            else
                v = lead(s, w, nflag, left - p, gone2 | bit, alpha - p, beta - p) + p;
        }
        if (s->failed) break;
        /* the minimax step (fail-soft): the best value so far, the window, a cutoff */
        if (maximize) {
            if (v > best_v) {
                best_v = v;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta) break;
                }
            }
        } else if (v < best_v) {
            best_v = v;
            if (v < beta) {
                beta = v;
                if (v <= alpha) break;
            }
        }
    }
    hands[seat] = hand;
    return best_v;
}

/* ---------- the Python type ---------- */

/* ``n`` numbers from a Python sequence into ``ints`` (or, when it is NULL, card sets into ``masks``). */
static int read_numbers(PyObject *seq, Py_ssize_t n, const char *what, int *ints, u64 *masks) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd %s", what, n, ints ? "numbers" : "card sets");
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        if (ints)
            ints[i] = (int)PyLong_AsLong(item);
        else
            masks[i] = PyLong_AsUnsignedLongLong(item);
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int read_ints(PyObject *seq, int *out, Py_ssize_t n, const char *what) {
    return read_numbers(seq, n, what, out, NULL);
}

static int read_masks(PyObject *seq, u64 *out, Py_ssize_t n, const char *what) {
    return read_numbers(seq, n, what, NULL, out);
}

static void Core_dealloc(Core *s) {
    free(s->tt);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* A new, empty table of ``2**tt_bits`` buckets (the old one freed). */
static int tt_alloc(Core *s, int tt_bits) {
    free(s->tt);
    s->tt_buckets = tt_buckets_for(tt_bits);
    /* a bucket (8 entries of 8 bytes) is one 64-byte cache line: a probe reads one line, not two (some
     * 20% less time on whole rounds) */
    size_t bytes = s->tt_buckets * WAYS * sizeof(TTEntry);
    /* a table of 2 MiB or more sits on huge pages where the system offers them: a probe is a random read
     * of a large table, and with 4 KiB pages most probes also missed the address translation cache */
    size_t align = bytes >= HUGE_PAGE ? HUGE_PAGE : 64;
    s->tt = aligned_alloc(align, bytes);
#ifdef MADV_HUGEPAGE
    if (s->tt && align == HUGE_PAGE) madvise(s->tt, bytes, MADV_HUGEPAGE);
#endif
    if (s->tt) memset(s->tt, 0, bytes);
    s->gen = 1;
    if (!s->tt) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* ``rules``: ``(contract, strength, higher, puur, options)`` for ``_legal.h``
 * (``puur.core.playout.compiled_legal_rules``). */
static int read_rules(Core *s, PyObject *rules) {
    PyObject *fast = PySequence_Fast(rules, "rules: (contract, strength, higher, puur, options)");
    if (!fast) return -1;
    int contract, opt[LEGAL_OPTIONS], ok = PySequence_Fast_GET_SIZE(fast) == 5;
    if (!ok) PyErr_SetString(PyExc_ValueError, "rules: (contract, strength, higher, puur, options)");
    contract = ok ? (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, 0)) : -1;
    ok = ok && !PyErr_Occurred() &&
         read_ints(PySequence_Fast_GET_ITEM(fast, 1), &s->L.strength[0][0], NCON * 36, "strength") == 0 &&
         read_masks(PySequence_Fast_GET_ITEM(fast, 2), s->L.higher, 36, "higher") == 0 &&
         read_masks(PySequence_Fast_GET_ITEM(fast, 3), s->L.puur, NCON, "puur") == 0 &&
         read_ints(PySequence_Fast_GET_ITEM(fast, 4), opt, LEGAL_OPTIONS, "options") == 0;
    Py_DECREF(fast);
    if (!ok) return -1;
    if (contract < 0 || contract >= NCON) {
        PyErr_SetString(PyExc_ValueError, "rules' contract: 0..5 (C D H S O U)");
        return -1;
    }
    for (int i = 0; i < NCON * 36; i++)
        if ((&s->L.strength[0][0])[i] < 0) {
            PyErr_SetString(PyExc_ValueError, "strength: numbers from 0");
            return -1;
        }
    for (int i = 0; i < 36; i++)
        if (s->L.higher[i] & ~FULL) {
            PyErr_SetString(PyExc_ValueError, "higher: card sets of the 36 cards");
            return -1;
        }
    legal_options_set(&s->L, opt);
    s->contract = contract;
    return 0;
}

static int Core_init(Core *s, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"beats", "up", "points", "rank", "trump_shift", "top_above", "trump_points",
                             "last_bonus", "match_bonus", "rules", "tt_bits", NULL};
    PyObject *beats, *up, *pts, *rank, *top_above, *tpts, *rules;
    int tsh, last_bonus, match_bonus, tt_bits = 20;
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this solver is searching in another thread");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOOiOOiiO|i", kwlist, &beats, &up, &pts, &rank, &tsh, &top_above,
                                     &tpts, &last_bonus, &match_bonus, &rules, &tt_bits))
        return -1;
    if (read_rules(s, rules) < 0) return -1;
    int rk[36];
    if (read_masks(beats, s->beats, 36, "beats") < 0 || read_ints(up, s->up, 36, "up") < 0 ||
        read_ints(pts, s->pts, 36, "points") < 0 || read_ints(rank, rk, 36, "rank") < 0 ||
        read_ints(top_above, s->top_above, 512, "top_above") < 0 ||
        read_ints(tpts, s->tpts, 512, "trump_points") < 0)
        return -1;
    int most = abs(last_bonus) + abs(match_bonus); /* the largest value a search can meet */
    for (int c = 0; c < 36; c++) most += abs(s->pts[c]);
    if (most > MOST_POINTS) {
        PyErr_SetString(PyExc_ValueError, "points: the cards, the last trick and the match add up to more than 500");
        return -1;
    }
    if (tt_bits < 4 || tt_bits > 26) {
        PyErr_SetString(PyExc_ValueError, "tt_bits must be between 4 and 26");
        return -1;
    }
    for (int c = 0; c < 36; c++) { /* each card's chain of stronger cards stays in its suit and ends */
        int n = s->up[c], steps = 0;
        while (n >= 0 && n < 36 && n / 9 == c / 9 && steps < 9) n = s->up[n], steps++;
        if (n != -1) {
            PyErr_SetString(PyExc_ValueError, "up: each card's next stronger card of its suit, or -1");
            return -1;
        }
    }
    for (int su = 0; su < 4; su++) { /* each suit one chain, from its weakest card (no card's next stronger) */
        int hit = 0, steps = 0;
        for (int c = 9 * su; c < 9 * su + 9; c++)
            if (s->up[c] >= 0) hit |= 1 << (s->up[c] % 9);
        s->weak[su] = 9 * su + __builtin_ctz(~hit & 511);
        for (int c = s->weak[su]; c >= 0; c = s->up[c]) steps++;
        if (steps != 9) {
            PyErr_SetString(PyExc_ValueError, "up: each suit's cards one chain from the weakest to the strongest");
            return -1;
        }
    }
    /* the next stronger card in play: one look-up in the search, not a walk up the suit past the cards gone */
    for (int c = 0; c < 36; c++)
        for (int m = 0; m < 512; m++) {
            int n = s->up[c];
            while (n >= 0 && !((m >> (n % 9)) & 1)) n = s->up[n];
            s->next_up[c][m] = (int8_t)n;
        }
    /* the search order keys (key << 6 | card): smear points, play low, win cheaply, discard cheaply, lead */
    for (int c = 0; c < 36; c++) {
        int p = s->pts[c];
        s->k_smear[c] = ((60 - p) * 32 + rk[c]) << 6 | c;
        s->k_low[c] = (p * 32 + rk[c]) << 6 | c;
        s->k_win[c] = rk[c] << 6 | c;
        s->k_discard[c] = (4096 + p * 32 + rk[c]) << 6 | c;
        s->k_lead[c] = (128 + 31 - rk[c]) << 6 | c; /* strongest first (18% fewer positions than cheapest) */
    }
    memset(s->ref, 0, sizeof s->ref);
    s->tsh = tsh;
    s->last_bonus = last_bonus;
    s->match_bonus = match_bonus;
    int hb[4] = {match_bonus, 0, 0, match_bonus}, lb[4] = {0, match_bonus, 0, match_bonus};
    memcpy(s->hi_bonus, hb, sizeof hb);
    memcpy(s->lo_bonus, lb, sizeof lb);
    if (tt_alloc(s, tt_bits) < 0) return -1;
    s->nodes = 0;
    return 0;
}

/* Forget the table: a new generation (a fresh table when the numbers wrap). */
static void tt_forget(Core *s) {
    if (++s->gen == 0) {
        memset(s->tt, 0, s->tt_buckets * WAYS * sizeof(TTEntry));
        s->gen = 1;
    }
}

/* The reference hands of the table's keys: ``h``, unless each hand is within the reference already (the
 * positions of one deal from its first search on). With new hands the table is forgotten: its keys were
 * drawn from others. ``canon[suit][m]`` is then, for each set ``m`` of the suit's cards, the first set of
 * the reference's cards (the earliest, card by card from the weakest up) with the same owners, points
 * and Puur in the same order of strength: positions whose sets are equivalent so are one key. Their
 * values are equal: every rule the search asks compares cards of one suit by strength (in the trick,
 * the hand, the cards in play), counts points or names the Puur, and each set is the other's image under
 * a map that keeps all three. */
static void set_reference(Core *s, const u64 *h) {
    int had = (s->ref[0] | s->ref[1] | s->ref[2] | s->ref[3]) != 0;
    if (had && !(h[0] & ~s->ref[0]) && !(h[1] & ~s->ref[1]) && !(h[2] & ~s->ref[2]) && !(h[3] & ~s->ref[3]))
        return;
    if (had) tt_forget(s);
    memcpy(s->ref, h, sizeof s->ref);
    int cls[36]; /* a card's owner, points and Puur bit; -1 not in the reference */
    for (int c = 0; c < 36; c++) {
        cls[c] = -1;
        for (int i = 0; i < 4; i++)
            if ((h[i] >> c) & 1) cls[c] = i | s->pts[c] << 2 | (int)((s->L.puur[s->contract] >> c) & 1) << 12;
    }
    for (int su = 0; su < 4; su++) {
        int held[9], n = 0, inside = 0; /* the reference's cards of the suit, the weakest first */
        for (int c = s->weak[su]; c >= 0; c = s->up[c])
            if (cls[c] >= 0) held[n++] = c, inside |= 1 << (c % 9);
        for (int m = 0; m < 512; m++) s->canon[su][m] = (uint16_t)m; /* other sets stand for themselves */
        for (int m = inside; m; m = (m - 1) & inside) { /* each set of the reference's cards */
            int out = 0, p = 0;
            for (int i = 0; i < n; i++) {
                int c = held[i];
                if (!((m >> (c % 9)) & 1)) continue;
                while (cls[held[p]] != cls[c]) p++; /* stops at c itself at the latest */
                out |= 1 << (held[p++] % 9);
            }
            s->canon[su][m] = (uint16_t)out;
        }
    }
}

/* Claim the Core for one search (called with the GIL held). */
static int begin(Core *s) {
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this solver is searching in another thread");
        return -1;
    }
    s->busy = 1;
    s->failed = 0;
    return 0;
}

/* The four hands, checked, into ``out`` (the Core's own are set only once the search is claimed). */
static int read_hands(PyObject *hands, u64 *out) {
    if (read_masks(hands, out, 4, "hands") < 0) return -1;
    for (int i = 0; i < 4; i++)
        if (out[i] & ~FULL) {
            PyErr_SetString(PyExc_ValueError, "hands: a card set outside the 36 cards");
            return -1;
        }
    return 0;
}

/* The value, or the error that stopped the search. */
static PyObject *finish(Core *s, int v) {
    if (s->failed == TIMED_OUT) PyErr_SetString(PyExc_TimeoutError, "the search passed its deadline");
    if (s->failed) return NULL;
    return PyLong_FromLong(v);
}

static PyObject *Core_lead(Core *s, PyObject *args) {
    PyObject *hands;
    int leader, flag, left, alpha, beta;
    unsigned long long gone;
    u64 h[4];
    if (!PyArg_ParseTuple(args, "OiiiKii", &hands, &leader, &flag, &left, &gone, &alpha, &beta)) return NULL;
    if (read_hands(hands, h) < 0 || begin(s) < 0) return NULL;
    memcpy(s->hands, h, sizeof h);
    set_reference(s, h);
    int v;
    Py_BEGIN_ALLOW_THREADS
    v = lead(s, leader & 3, flag & 3, left, gone & FULL, alpha, beta);
    Py_END_ALLOW_THREADS
    s->busy = 0;
    return finish(s, v);
}

static PyObject *Core_follow(Core *s, PyObject *args) {
    PyObject *hands, *trick_obj;
    int seat, wcard, wseat, tp, leader, flag, left, alpha, beta;
    unsigned long long gone;
    if (!PyArg_ParseTuple(args, "OOiiiiiiiKii", &hands, &trick_obj, &seat, &wcard, &wseat, &tp, &leader, &flag,
                          &left, &gone, &alpha, &beta))
        return NULL;
    u64 h[4];
    if (read_hands(hands, h) < 0) return NULL;
    Py_ssize_t n = PySequence_Size(trick_obj);
    if (n < 1 || n > 3) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "trick: one to three cards");
        return NULL;
    }
    int trick[4];
    if (read_ints(trick_obj, trick, n, "trick") < 0) return NULL;
    if (wcard < 0 || wcard > 35) {
        PyErr_SetString(PyExc_ValueError, "wcard: a card outside 0..35");
        return NULL;
    }
    for (int i = 0; i < n; i++)
        if (trick[i] < 0 || trick[i] > 35) {
            PyErr_SetString(PyExc_ValueError, "trick: a card outside 0..35");
            return NULL;
        }
    if (begin(s) < 0) return NULL;
    memcpy(s->hands, h, sizeof h);
    set_reference(s, h);
    int v;
    Py_BEGIN_ALLOW_THREADS
    v = follow(s, (int)n, seat & 3, trick, wcard, wseat & 3, tp, leader & 3, flag & 3, left, gone & FULL,
               alpha, beta);
    Py_END_ALLOW_THREADS
    s->busy = 0;
    return finish(s, v);
}

/* Forget the table (a new deal: its keys hold only the cards still in play) and the positions counted; a
 * table of ``2**tt_bits`` buckets. Forgetting is a new generation number, a fresh table only when the size
 * changes or the numbers wrap. */
static PyObject *Core_reset(Core *s, PyObject *args) {
    int tt_bits;
    if (!PyArg_ParseTuple(args, "i", &tt_bits)) return NULL;
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this solver is searching in another thread");
        return NULL;
    }
    if (tt_bits < 4 || tt_bits > 26) {
        PyErr_SetString(PyExc_ValueError, "tt_bits must be between 4 and 26");
        return NULL;
    }
    if (!s->tt || s->tt_buckets != tt_buckets_for(tt_bits)) {
        if (tt_alloc(s, tt_bits) < 0) return NULL;
    } else
        tt_forget(s);
    s->nodes = 0;
    s->deadline = 0;
    memset(s->ref, 0, sizeof s->ref);
    Py_RETURN_NONE;
}

static PyObject *Core_get_nodes(Core *s, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(s->nodes);
}

static PyMethodDef Core_methods[] = {
    {"lead", (PyCFunction)Core_lead, METH_VARARGS,
     "lead(hands, leader, flag, left, gone, alpha, beta) -> value at a trick boundary"},
    {"follow", (PyCFunction)Core_follow, METH_VARARGS,
     "follow(hands, trick, seat, wcard, wseat, tp, leader, flag, left, gone, alpha, beta) -> value inside a trick"},
    {"reset", (PyCFunction)Core_reset, METH_VARARGS,
     "reset(tt_bits) -> None: an empty table of 2**tt_bits buckets for a new deal (the legal-move memo kept)"},
    {NULL, NULL, 0, NULL},
};

static PyObject *Core_get_deadline(Core *s, void *closure) {
    (void)closure;
    return PyFloat_FromDouble(s->deadline);
}

static int Core_set_deadline(Core *s, PyObject *value, void *closure) {
    (void)closure;
    double d = value ? PyFloat_AsDouble(value) : -1.0;
    if (d == -1.0 && (!value || PyErr_Occurred())) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "the deadline cannot be deleted");
        return -1;
    }
    s->deadline = d;
    return 0;
}

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "positions searched so far", NULL},
    {"deadline", (getter)Core_get_deadline, (setter)Core_set_deadline,
     "time.monotonic() seconds after which a search raises TimeoutError (0: none)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "puur.bots._solver_core.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The compiled search of puur.bots.solver over one deal and contract.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_solver_core", "The compiled search core of puur.bots.solver.", -1, NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__solver_core(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
