/* The search core of puur.bots.solver, compiled: the same alpha-beta as the Python search in
 * solver.py (``_Search``), move for move, over the same tables.
 *
 * No rule lives here. Who wins a trick comes from the per-contract ``beats`` table that solver.py builds
 * with ``puur.rules.trick.trick_winner``; card points from the profile's points table; which cards may be
 * played from ``puur.rules.legal.legal_moves``, called back on each new case and memoized here on the
 * part of the hand that matters (the led suit and trumps, plus whether other cards are held), exactly as
 * the Python search memoizes it.
 *
 * Values are team 0's future points minus team 1's (card points, the last-trick bonus, the match bonus),
 * fail-soft. The transposition table keeps bounds and the best lead at trick boundaries, keyed by the
 * cards still in play, the leader and who can still make a match; it is a fixed array of 4-way buckets
 * that replaces the entry with the fewest tricks left when a bucket is full (a cache: the values stay
 * exact whatever it forgets).
 *
 * A search runs without the GIL and takes it back only to call legal_moves for a new case, so solvers in
 * other threads (and the rest of a server) go on meanwhile; one Core runs one search at a time.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

#define FULL ((1ULL << 36) - 1)
#define OTHER_BIT (1ULL << 36)
#define NO_MATCH 2
#define FRESH 3
#define INF 30000
#define WAYS 4

typedef struct {
    u64 key;
    int16_t lo, hi;
    int8_t best, depth;
} TTEntry;

typedef struct {
    PyObject_HEAD
    u64 beats[36];
    int up[36], pts[36];
    int k_smear[36], k_low[36], k_win[36], k_discard[36], k_lead[36];
    u64 rel[4];
    int tsh;
    int top_above[512], tpts[512];
    int last_bonus, match_bonus;
    int hi_bonus[4], lo_bonus[4];
    u64 hands[4];
    TTEntry *tt;
    u64 tt_buckets; /* a power of two */
    int tt_shift;
    u64 *lkeys, *lvals;
    size_t lcap, lcount;
    PyObject *legal_cb;
    long long nodes;
    int failed; /* the legal-move callback raised (1) or the deadline passed (TIMED_OUT): unwind */
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

/* Count a position; 1 when the deadline has passed (the search is then marked and unwinds). */
static inline int timed_out(Core *s) {
    if (++s->nodes & CLOCK_EVERY || s->deadline <= 0 || monotonic() <= s->deadline) return 0;
    s->failed = TIMED_OUT;
    return 1;
}

static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline int top_card(u64 x) { return 63 - __builtin_clzll(x); }
static inline int low_card(u64 x) { return __builtin_ctzll(x); }

static inline u64 mix(u64 k) {
    k ^= k >> 31;
    k *= 0x9E3779B97F4A7C15ULL;
    k ^= k >> 29;
    return k;
}

/* ---------- legal moves: legal_moves() memoized ---------- */

static int lmemo_grow(Core *s) {
    size_t ncap = s->lcap ? s->lcap * 2 : 4096;
    u64 *nk = calloc(ncap, sizeof(u64)), *nv = calloc(ncap, sizeof(u64));
    if (!nk || !nv) {
        free(nk);
        free(nv);
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i < s->lcap; i++) {
        if (!s->lkeys[i]) continue;
        size_t j = mix(s->lkeys[i]) & (ncap - 1);
        while (nk[j]) j = (j + 1) & (ncap - 1);
        nk[j] = s->lkeys[i];
        nv[j] = s->lvals[i];
    }
    free(s->lkeys);
    free(s->lvals);
    s->lkeys = nk;
    s->lvals = nv;
    s->lcap = ncap;
    return 0;
}

/* A case not memoized yet: ask legal_moves (the GIL is held here) and remember the answer. */
static u64 legal_miss(Core *s, u64 hand, const int *trick, int n, u64 key, u64 relm, size_t j) {
    PyObject *t = PyTuple_New(n);
    if (!t) goto fail;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(trick[i]));
    PyObject *h = PyLong_FromUnsignedLongLong(hand);
    PyObject *res = h ? PyObject_CallFunctionObjArgs(s->legal_cb, h, t, NULL) : NULL;
    Py_XDECREF(h);
    Py_DECREF(t);
    if (!res) goto fail;
    u64 lg = PyLong_AsUnsignedLongLong(res);
    Py_DECREF(res);
    if (PyErr_Occurred() || !lg || (lg & ~hand)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "legal_moves gave cards outside the hand");
        goto fail;
    }
    u64 e = (lg & relm) | ((lg & ~relm) ? OTHER_BIT : 0);
    if ((s->lcount + 1) * 2 > s->lcap) {
        if (lmemo_grow(s) < 0) goto fail;
        j = mix(key) & (s->lcap - 1);
        while (s->lkeys[j]) j = (j + 1) & (s->lcap - 1);
    }
    s->lkeys[j] = key;
    s->lvals[j] = e;
    s->lcount++;
    return lg;
fail:
    s->failed = 1;
    return 0;
}

/* The legal cards of ``hand`` after ``n`` cards ``trick`` (n >= 1); ``tk`` encodes the trick. The search
 * runs without the GIL; it is taken back only to ask legal_moves about a new case. */
static u64 legal(Core *s, u64 hand, const int *trick, int n, u64 tk) {
    u64 relm = s->rel[trick[0] / 9];
    u64 hr = hand & relm;
    u64 key = hr | tk | (hand != hr ? OTHER_BIT : 0);
    size_t j = mix(key) & (s->lcap - 1);
    while (s->lkeys[j]) {
        if (s->lkeys[j] == key) {
            u64 e = s->lvals[j];
            return (e & OTHER_BIT) ? ((e & FULL) | (hand & ~relm)) : e;
        }
        j = (j + 1) & (s->lcap - 1);
    }
    PyGILState_STATE gil = PyGILState_Ensure();
    u64 lg = legal_miss(s, hand, trick, n, key, relm, j);
    PyGILState_Release(gil);
    return lg;
}

/* ---------- transposition table ---------- */

static TTEntry *tt_find(Core *s, u64 key) {
    TTEntry *b = s->tt + ((mix(key) >> s->tt_shift) & (s->tt_buckets - 1)) * WAYS;
    for (int i = 0; i < WAYS; i++)
        if (b[i].key == key) return &b[i];
    return NULL;
}

static void tt_store(Core *s, u64 key, int lo, int hi, int best, int depth) {
    TTEntry *b = s->tt + ((mix(key) >> s->tt_shift) & (s->tt_buckets - 1)) * WAYS;
    TTEntry *slot = NULL;
    for (int i = 0; i < WAYS; i++) {
        if (b[i].key == key) {
            if (b[i].lo > lo) lo = b[i].lo;
            if (b[i].hi < hi) hi = b[i].hi;
            slot = &b[i];
            break;
        }
        if (!b[i].key) {
            slot = &b[i];
            break;
        }
        if (!slot || b[i].depth < slot->depth) slot = &b[i];
    }
    slot->key = key;
    slot->lo = (int16_t)lo;
    slot->hi = (int16_t)hi;
    slot->best = (int8_t)best;
    slot->depth = (int8_t)depth;
}

/* ---------- the search ---------- */

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

/* ``c`` is equivalent to the next stronger card of its suit still in play when ``lg`` holds that one
 * and it has the same points: keep only the stronger. */
static inline int redundant(const Core *s, int c, u64 lg, u64 gone) {
    int n = s->up[c];
    while (n >= 0 && ((gone >> n) & 1)) n = s->up[n];
    return n >= 0 && ((lg >> n) & 1) && s->pts[n] == s->pts[c];
}

static int follow(Core *s, int pos, int seat, int *trick, u64 tk, int wcard, int wseat, int tp, int leader,
                  int flag, int left, u64 gone, int alpha, int beta);

/* The minimax step: a child's value ``v`` into the best value so far and the window (fail-soft);
 * 1 when it refutes the window (a cutoff). */
static inline int improve(int maximize, int v, int *best, int *alpha, int *beta) {
    if (maximize) {
        if (v > *best) {
            *best = v;
            if (v > *alpha) {
                *alpha = v;
                if (v >= *beta) return 1;
            }
        }
    } else if (v < *best) {
        *best = v;
        if (v < *beta) {
            *beta = v;
            if (v <= *alpha) return 1;
        }
    }
    return 0;
}

/* The last trick from its lead (one card in each hand). */
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

static int lead(Core *s, int leader, int flag, int left, u64 gone, int alpha, int beta) {
    if (timed_out(s)) return 0;
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
    u64 key = rem << 4 | (u64)leader << 2 | (u64)flag;
    TTEntry *entry = tt_find(s, key);
    int hint = -1;
    if (entry) {
        int elo = entry->lo, ehi = entry->hi;
        hint = entry->best;
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
    int order[9], n = 0;
    u64 others = rem ^ hand;
    for (u64 m = hand; m; m &= m - 1) {
        int c = low_card(m);
        if (redundant(s, c, hand, gone)) continue;
        if (c == hint)
            order[n++] = c;
        else if (!(s->beats[c] & others & (0x1FFULL << (9 * (c / 9)))))
            order[n++] = (64 - s->pts[c]) << 6 | c; /* a master of its suit: richest first */
        else
            order[n++] = s->k_lead[c];
    }
    if (n > 1) sort_keys(order, n);
    int maximize = !(leader & 1);
    int best_v = maximize ? -INF : INF, best_c = -1;
    int nxt = (leader + 1) & 3;
    int tr[4];
    for (int i = 0; i < n; i++) {
        int c = order[i] & 63;
        s->hands[leader] = hand ^ (1ULL << c);
        tr[0] = c;
        int v = follow(s, 1, nxt, tr, (u64)(c + 1) << 37, c, leader, s->pts[c], leader, flag, left, gone, alpha,
                       beta);
        if (s->failed) {
            s->hands[leader] = hand;
            return 0;
        }
        int before = best_v, cut = improve(maximize, v, &best_v, &alpha, &beta);
        if (best_v != before) best_c = c;
        if (cut) break;
    }
    s->hands[leader] = hand;
    int elo, ehi;
    if (best_v <= a0) {
        elo = -INF;
        ehi = best_v;
    } else if (best_v >= b0) {
        elo = best_v;
        ehi = INF;
    } else {
        elo = ehi = best_v;
    }
    tt_store(s, key, elo, ehi, best_c, popc(rem) / 4);
    return best_v;
}

static int follow(Core *s, int pos, int seat, int *trick, u64 tk, int wcard, int wseat, int tp, int leader,
                  int flag, int left, u64 gone, int alpha, int beta) {
    if (timed_out(s)) return 0;
    u64 hand = s->hands[seat];
    u64 lg = legal(s, hand, trick, pos, tk);
    if (s->failed) return 0;
    u64 bw = s->beats[wcard];
    const int *k0, *k1;
    if (!((wseat ^ seat) & 1)) { /* the partner wins so far */
        k1 = (pos == 3 || !(bw & s->hands[(seat + 1) & 3])) ? s->k_smear : s->k_low;
        k0 = k1;
    } else {
        k1 = pos == 3 ? s->k_smear : s->k_win;
        k0 = s->k_discard;
    }
    int order[9], n = 0;
    for (u64 m = lg; m; m &= m - 1) {
        int c = low_card(m);
        if (redundant(s, c, lg, gone)) continue;
        order[n++] = ((bw >> c) & 1) ? k1[c] : k0[c];
    }
    if (n > 1) sort_keys(order, n);
    int maximize = !(seat & 1);
    int best_v = maximize ? -INF : INF;
    if (pos == 3) {
        u64 gone2 = gone | (1ULL << trick[0]) | (1ULL << trick[1]) | (1ULL << trick[2]);
        if (n > 1) {
            /* enhanced transposition cutoff: a child already known to refute this window */
            u64 rem2 = FULL ^ gone2;
            for (int i = 0; i < n; i++) {
                int c = order[i] & 63;
                int w = ((bw >> c) & 1) ? seat : wseat;
                int team = w & 1;
                int nflag = flag == FRESH ? team : (flag == team ? flag : NO_MATCH);
                TTEntry *te = tt_find(s, (rem2 ^ (1ULL << c)) << 4 | (u64)w << 2 | (u64)nflag);
                if (te) {
                    int p = tp + s->pts[c];
                    if (maximize) {
                        int v = team ? te->lo - p : te->lo + p;
                        if (te->lo > -INF && v >= beta) return v;
                    } else {
                        int v = team ? te->hi - p : te->hi + p;
                        if (te->hi < INF && v <= alpha) return v;
                    }
                }
            }
        }
        int cnt = popc(gone2);
        if (cnt == 35) { /* trick 9 (from a root inside it): the round ends with this card */
            int c = order[0] & 63;
            int w = ((bw >> c) & 1) ? seat : wseat;
            int p = tp + s->pts[c] + s->last_bonus + (flag == (w & 1) ? s->match_bonus : 0);
            return (w & 1) ? -p : p;
        }
        if (cnt == 31) { /* trick 8: each card also decides trick 9 (one card left in each hand) */
            for (int i = 0; i < n; i++) {
                int c = order[i] & 63;
                s->hands[seat] = hand ^ (1ULL << c);
                int w = ((bw >> c) & 1) ? seat : wseat;
                int p = tp + s->pts[c];
                int team = w & 1;
                int nflag = flag == FRESH ? team : (flag == team ? flag : NO_MATCH);
                int q = last_trick(s, w, nflag);
                int v = (team ? -p : p) + q;
                if (improve(maximize, v, &best_v, &alpha, &beta)) break;
            }
            s->hands[seat] = hand;
            return best_v;
        }
        for (int i = 0; i < n; i++) {
            int c = order[i] & 63;
            u64 bit = 1ULL << c;
            s->hands[seat] = hand ^ bit;
            int w = ((bw >> c) & 1) ? seat : wseat;
            int p = tp + s->pts[c];
            int team = w & 1;
            int nflag = flag == FRESH ? team : (flag == team ? flag : NO_MATCH);
            int v;
            if (team)
                v = lead(s, w, nflag, left - p, gone2 | bit, alpha + p, beta + p) - p;
            else
                v = lead(s, w, nflag, left - p, gone2 | bit, alpha - p, beta - p) + p;
            if (s->failed) break;
            if (improve(maximize, v, &best_v, &alpha, &beta)) break;
        }
    } else {
        int nxt = (seat + 1) & 3;
        int shift = 37 + 6 * pos;
        for (int i = 0; i < n; i++) {
            int c = order[i] & 63;
            s->hands[seat] = hand ^ (1ULL << c);
            trick[pos] = c;
            u64 tk2 = tk | (u64)(c + 1) << shift;
            int v;
            if ((bw >> c) & 1)
                v = follow(s, pos + 1, nxt, trick, tk2, c, seat, tp + s->pts[c], leader, flag, left, gone, alpha,
                           beta);
            else
                v = follow(s, pos + 1, nxt, trick, tk2, wcard, wseat, tp + s->pts[c], leader, flag, left, gone,
                           alpha, beta);
            if (s->failed) break;
            if (improve(maximize, v, &best_v, &alpha, &beta)) break;
        }
    }
    s->hands[seat] = hand;
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
    free(s->lkeys);
    free(s->lvals);
    Py_XDECREF(s->legal_cb);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int Core_init(Core *s, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"beats", "up", "points", "rank", "rel", "trump_shift", "top_above", "trump_points",
                             "last_bonus", "match_bonus", "legal", "tt_bits", NULL};
    PyObject *beats, *up, *pts, *rank, *rel, *top_above, *tpts, *cb;
    int tsh, last_bonus, match_bonus, tt_bits = 20;
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this solver is searching in another thread");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOOOiOOiiO|i", kwlist, &beats, &up, &pts, &rank, &rel, &tsh,
                                     &top_above, &tpts, &last_bonus, &match_bonus, &cb, &tt_bits))
        return -1;
    int rk[36];
    if (read_masks(beats, s->beats, 36, "beats") < 0 || read_ints(up, s->up, 36, "up") < 0 ||
        read_ints(pts, s->pts, 36, "points") < 0 || read_ints(rank, rk, 36, "rank") < 0 ||
        read_masks(rel, s->rel, 4, "rel") < 0 || read_ints(top_above, s->top_above, 512, "top_above") < 0 ||
        read_ints(tpts, s->tpts, 512, "trump_points") < 0)
        return -1;
    if (!PyCallable_Check(cb)) {
        PyErr_SetString(PyExc_TypeError, "legal must be callable");
        return -1;
    }
    if (tt_bits < 4 || tt_bits > 26) {
        PyErr_SetString(PyExc_ValueError, "tt_bits must be between 4 and 26");
        return -1;
    }
    /* the search order keys (key << 6 | card), as in solver.py */
    for (int c = 0; c < 36; c++) {
        int p = s->pts[c];
        s->k_smear[c] = ((60 - p) * 32 + rk[c]) << 6 | c;
        s->k_low[c] = (p * 32 + rk[c]) << 6 | c;
        s->k_win[c] = rk[c] << 6 | c;
        s->k_discard[c] = (4096 + p * 32 + rk[c]) << 6 | c;
        s->k_lead[c] = (128 + p * 32 + rk[c]) << 6 | c;
    }
    s->tsh = tsh;
    s->last_bonus = last_bonus;
    s->match_bonus = match_bonus;
    int hb[4] = {match_bonus, 0, 0, match_bonus}, lb[4] = {0, match_bonus, 0, match_bonus};
    memcpy(s->hi_bonus, hb, sizeof hb);
    memcpy(s->lo_bonus, lb, sizeof lb);
    Py_INCREF(cb);
    Py_XSETREF(s->legal_cb, cb);
    free(s->tt);
    s->tt_buckets = 1ULL << tt_bits;
    s->tt_shift = 64 - tt_bits;
    s->tt = calloc(s->tt_buckets * WAYS, sizeof(TTEntry));
    if (!s->tt) {
        PyErr_NoMemory();
        return -1;
    }
    free(s->lkeys);
    free(s->lvals);
    s->lkeys = s->lvals = NULL;
    s->lcap = s->lcount = 0;
    if (lmemo_grow(s) < 0) return -1;
    s->nodes = 0;
    return 0;
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
    u64 tk = 0;
    for (int i = 0; i < n; i++) {
        if (trick[i] < 0 || trick[i] > 35) {
            PyErr_SetString(PyExc_ValueError, "trick: a card outside 0..35");
            return NULL;
        }
        tk |= (u64)(trick[i] + 1) << (37 + 6 * i);
    }
    if (begin(s) < 0) return NULL;
    memcpy(s->hands, h, sizeof h);
    int v;
    Py_BEGIN_ALLOW_THREADS
    v = follow(s, (int)n, seat & 3, trick, tk, wcard, wseat & 3, tp, leader & 3, flag & 3, left, gone & FULL,
               alpha, beta);
    Py_END_ALLOW_THREADS
    s->busy = 0;
    return finish(s, v);
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
