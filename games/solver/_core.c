/* C core of the double-dummy solver (see docs/solver.md and reference.py, its twin).
 *
 * Cards are internal indices 0..63 laid out by games/solver/layout.py: each effective suit
 * ("block") is a contiguous run ordered weakest to strongest, so following suit is a mask
 * test and "beats" is an integer comparison. The search is a fail-soft alpha-beta driven by
 * zero-window probes, with a transposition table at trick boundaries keyed on relative
 * ranks, equivalent-card pruning and move ordering. All search state lives in a Ctx on the
 * C stack of the calling thread; the table belongs to one Engine object, which one thread
 * uses at a time, and the GIL is released while searching.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <assert.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#if defined(__AVX512F__) || defined(__AVX2__) || defined(__BMI2__)
#include <immintrin.h>
#endif

enum { KIND_TRICKS = 0, KIND_POINTS = 1, KIND_EXACT = 2 };
enum { JOKERS_NONE = 0, JOKERS_BEYOND = 1, JOKERS_NAMED = 2 };
enum { MAXBLOCKS = 6, MAXBLOCKLEN = 16, MAXSEATS = 4, MAXMOVES = 64, WAYS = 128 };
/* Thresholds of a band objective (tricks or points reached): at most this many. */
enum { MAXTHRESHOLDS = 8 };
#define BIG 1000000
#define PCLASSES 8 /* worths of cards kept as masks for cheapest_points */
#define NO_VALUE (-BIG) /* a bound that decides nothing */

/* ------------------------------------------------------------------ table */

/* One stored bound. For trick objectives the entry holds only what the proof below it
   depended on (DDS's "winning ranks"): the number of cards each seat holds in each block,
   and the owners of the top `zone[b]` cards of block b. Any position agreeing on those
   shares the bound, whatever its smaller cards are. For card points, `exact` holds the
   hands themselves and zones are empty. */
typedef struct {
    uint64_t exact[MAXSEATS];
    /* The owners (2 bits per card from the top of each block, two blocks per word) and
       the mask of the zones: a position matches when its owners agree under the mask. */
    uint64_t own[MAXBLOCKS / 2], mask[MAXBLOCKS / 2];
    uint32_t extra;
    int16_t lo, hi;
    uint8_t zone[MAXBLOCKS];
    uint8_t best; /* lead hint: block << 4 | place from the top; 255 if none */
    uint8_t pinned; /* the sum of the zones: how many cards' owners the entry pins */
} Entry;

/* The header (a 16-bit check of each way's exact key, each way's tricks left, and the
   generation the bucket was last written in) is read before any entry, so a probe or a
   store reads only the entries that can match. A bucket holds many ways because, for trick
   objectives, all entries with the same lengths and top-card owners meet in one bucket
   (see bucket_of); a stale generation empties the whole bucket at once. */
typedef struct {
    uint32_t gen;
    uint32_t top;        /* ways at and above this one are empty (in this generation) */
    /* 0: empty way. 16 bits are plenty to skip nearly every other entry (a false match
       only costs the full compare) and halve what a probe scans. */
    uint16_t tag[WAYS];
    uint8_t depth[WAYS]; /* tricks left (Beyond: the subtree's work): higher ones are kept first */
    Entry way[WAYS];
} Bucket;

typedef struct {
    Bucket *buckets;
    size_t nbuckets; /* as many as fit the size asked for (any count, see bucket_of) */
    size_t span;     /* the first buckets this solve's keys go to (see PTS_TABLE_MB) */
    uint32_t gen;
    uint32_t picks[4]; /* owner bits of each block that pick the bucket, by entry level */
    int tops[4];       /* how many top cards' owners that is */
    int npicks;
    int ways;      /* ways searched per probe: all of a bucket, or a slice of it */
    /* Cutoff memory for plays inside a trick: (check << 8 | card + 1), by a hash of the
       mover's hand and the trick so far. A wrong or stale hint only costs move order. */
    uint64_t *cuts;
} Table;
/* Card-point solves (Skat) spread their keys over the first PTS_TABLE_MB of the table
   only (661 buckets). They are small (the 150 solved deals: a median of 4.8 K trick starts,
   at most 167 K, each storing at most one entry), and a few megabytes that every solve
   reuses stay in the caches and the TLB, where 64 MB of buckets, each solve's in new
   places, missed both (the 150 deals: +142 nodes, CPU time -15 %; 4 MB: +0.2 % nodes, a
   little faster again; 2 MB: +2 % nodes). */
enum { PTS_TABLE_MB = 8 };
/* The cutoff memory: 2^CUT_BITS slots; Beyond's searches use all of them, every other game
   the first 2^CUT_BITS_LOW (its node counts as with a memory of that size). */
enum { CUT_BITS = 20, CUT_BITS_LOW = 16 };
/* The bridge copy's 4-byte slots (cut_slot): 2^CUT_BITS_SP of them in groups of CUT_GROUP
   (MAXBLOCKLEN: a slot per rank of a block), a card of up to 64 in CUT_CARD_BITS, the
   generation's low CUT_GEN_BITS. */
enum { CUT_BITS_SP = 17, CUT_GROUP = MAXBLOCKLEN, CUT_CARD_BITS = 7, CUT_GEN_BITS = 10 };

/* A position at a trick boundary, in the terms the table compares. */
typedef struct {
    uint64_t exact[MAXSEATS];
    union {
        uint32_t seq[MAXBLOCKS]; /* owners of every held card, 2 bits each, from the top */
        uint64_t seq64[MAXBLOCKS / 2];
    };
    uint32_t extra;
    uint8_t len[MAXBLOCKS]; /* held cards per block */
} Key;

/* Zeroed memory for the table and the cutoff memory, mapped lazily (a large table costs
   only what searches touch), on Linux in 2 MB pages where the kernel gives them
   (transparent huge pages asked for with madvise): probes go anywhere in the table, and with
   4 KB pages nearly every one missed the TLB as well as the caches. */
#if defined(__linux__) && defined(MADV_HUGEPAGE)
enum { HUGE_PAGE = 2 << 20 };
static size_t big_size(size_t bytes) {
    return (bytes + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1);
}
#endif

static void *big_alloc(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t size = big_size(bytes), len = size + HUGE_PAGE;
    char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    char *a = (char *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (a > p) munmap(p, (size_t)(a - p));
    if (p + len > a + size) munmap(a + size, (size_t)(p + len - (a + size)));
    madvise(a, size, MADV_HUGEPAGE); /* a hint: without it the pages are 4 KB */
    return a;
#else
    return calloc(1, bytes);
#endif
}

static void big_free(void *p, size_t bytes) {
    if (!p) return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    munmap(p, big_size(bytes));
#else
    (void)bytes;
    free(p);
#endif
}

static size_t cuts_bytes(void) {
    return ((size_t)1 << CUT_BITS) * sizeof(uint64_t);
}

static void table_free(Table *t) {
    big_free(t->buckets, t->nbuckets * sizeof(Bucket));
    big_free(t->cuts, cuts_bytes());
    t->buckets = NULL;
    t->cuts = NULL;
}

static int table_init(Table *t, size_t megabytes) {
    /* Every bucket that fits: with a power of two, a 64 MB table held 4,096 buckets of
       12.7 KB (52 MB), where 5,292 fit. */
    size_t want = megabytes * (size_t)1 << 20;
    size_t n = want / sizeof(Bucket);
    if (n < 1) n = 1;
    if (n > 0xffffffffu) n = 0xffffffffu; /* bucket_of scales 32 bits of the hash */
    t->buckets = big_alloc(n * sizeof(Bucket));
    if (!t->buckets) return -1;
    t->cuts = big_alloc(cuts_bytes());
    if (!t->cuts) {
        big_free(t->buckets, n * sizeof(Bucket));
        t->buckets = NULL;
        return -1;
    }
    t->nbuckets = n;
    t->span = n;
    t->gen = 0;
    return 0;
}

static void table_next_generation(Table *t) {
    t->gen++;
    /* The bridge copy's cutoff slots keep the generation's low CUT_GEN_BITS only: cleared
       each time those wrap, so that no slot of an earlier solve matches. */
    if (!(t->gen & ((1u << CUT_GEN_BITS) - 1))) {
        memset(t->cuts, 0, ((size_t)1 << CUT_BITS_SP) * sizeof(uint32_t));
    }
    if (t->gen == 0) { /* wrapped: old stamps could look current again */
        memset(t->buckets, 0, t->nbuckets * sizeof(Bucket));
        memset(t->cuts, 0, cuts_bytes());
        t->gen = 1;
    }
}

static uint64_t mix(uint64_t h) {
    h ^= h >> 31;
    h *= 0x7fb5d329728ea185ULL;
    h ^= h >> 27;
    h *= 0x81dadef4bc2dd44dULL;
    h ^= h >> 33;
    return h;
}

static uint64_t exact_hash(const Key *k) {
    uint64_t h = mix(k->exact[1] ^ k->exact[2] * 0x9e3779b97f4a7c15ULL ^
                     k->exact[3] * 0xc2b2ae3d27d4eb4fULL ^ ((uint64_t)k->extra << 40));
    return mix(h ^ k->exact[0]);
}

static uint16_t tag_of(uint64_t exact_h) {
    return (uint16_t)(exact_h >> 48) | 1u; /* never 0, the tag of an empty way */
}

/* Return the bucket of a key and set *first to the first of the t->ways ways it uses. */
static Bucket *bucket_of(const Table *t, const Key *k, uint64_t exact_h, uint32_t pick, int *first) {
    /* The owners of some top cards of each block (`pick`) choose the bucket too, so
       positions that share only lengths do not all crowd into one. An entry is stored at
       the most specific level its zones allow and probes look at every level (see
       table_store and table_probe); card points use one level, the top three owners.
       The picked bits (at most 6 per block) of the six blocks fit one word. */
    uint64_t p = (uint64_t)pick << 32 | pick;
    uint64_t x = (k->seq64[0] & p) | (k->seq64[1] & p) << 8 | (k->seq64[2] & p) << 16;
    uint64_t h = pick ? mix(exact_h ^ x ^ (uint64_t)pick << 56) : exact_h;
    /* Card-point entries spread well over buckets, so they use a slice of one: a probe
       then reads one line of tags rather than four. */
    *first = t->ways < WAYS ? (int)(h >> 58) % (WAYS / t->ways) * t->ways : 0;
    /* The low 32 bits of the hash scaled to the bucket count (the tag and the slice come
       from the top bits). */
    return &t->buckets[(size_t)(((h & 0xffffffffu) * (uint64_t)t->span) >> 32)];
}

/* Start loading the cache line at p. */
static inline void prefetch(const void *p) {
#if defined(__x86_64__) || defined(__i386__)
    /* As an asm statement: GCC 12 took a function made only of __builtin_prefetch calls
       for one without effects and dropped its calls. */
    __asm__ volatile("prefetcht0 %0" : : "m"(*(const char *)p));
#else
    __builtin_prefetch(p);
#endif
}

/* Where a probe of a key looks: its exact hash and its bucket (and first way) per level. */
typedef struct {
    uint64_t eh;
    const Bucket *bk[4];
    int first[4];
} Where;

/* Find where a probe of `k` looks and start loading those buckets' headers (every level),
   so that the bounds worked out before the probe hide the memory's latency: the table is
   far larger than the caches, and a probe's first read of each bucket was its costliest
   instruction (a third of table_probe's time on bridge deals). */
static inline void table_prefetch(const Table *t, const Key *k, Where *w) {
    w->eh = exact_hash(k);
    for (int level = 0; level < t->npicks; level++) {
        w->bk[level] = bucket_of(t, k, w->eh, t->picks[level], &w->first[level]);
        prefetch(w->bk[level]);
        prefetch((const char *)w->bk[level] + 64);
    }
}

static uint32_t zone_mask(int r) {
    return r >= 16 ? 0xffffffffu : (1u << (2 * r)) - 1;
}

static int same_exact(const Entry *e, const Key *k) {
    return e->extra == k->extra && e->exact[0] == k->exact[0] && e->exact[1] == k->exact[1] &&
           e->exact[2] == k->exact[2] && e->exact[3] == k->exact[3];
}

static int entry_matches(const Entry *e, const Key *k) {
    return (((k->seq64[0] & e->mask[0]) ^ e->own[0]) | ((k->seq64[1] & e->mask[1]) ^ e->own[1]) |
            ((k->seq64[2] & e->mask[2]) ^ e->own[2])) == 0;
}

#if defined(__AVX2__)
/* entry_matches with the key's owners in one vector (`seq`: the three words, then 0): an
   entry's owners and the first word of its mask load as one vector, its mask words as
   another, and the fourth lane is left out of the test. */
_Static_assert(offsetof(Entry, mask) == offsetof(Entry, own) + 3 * sizeof(uint64_t) &&
                   offsetof(Entry, mask) + 4 * sizeof(uint64_t) <= sizeof(Entry),
               "entry_matches_v loads four words from own and from mask");
static int entry_matches_v(const Entry *e, __m256i seq) {
    __m256i own = _mm256_loadu_si256((const __m256i *)e->own);
    __m256i mask = _mm256_loadu_si256((const __m256i *)e->mask);
    __m256i diff = _mm256_xor_si256(_mm256_and_si256(seq, mask), own);
    return _mm256_testz_si256(diff, _mm256_set_epi64x(0, -1, -1, -1));
}
#endif

#if defined(__AVX512BW__) || defined(__AVX2__)
#define TAG_SIMD 1
/* Return a bit for each of the `n` tags (a multiple of 16) from `first` that equals `tag`:
   32 tags per compare instruction with AVX-512, 16 with AVX2. Without these instructions
   the probe compares one tag at a time. */
static uint64_t tag_hits(const uint16_t *tags, int first, int n, uint16_t tag) {
    uint64_t m = 0;
    tags += first;
#if defined(__AVX512BW__)
    __m512i want = _mm512_set1_epi16((short)tag);
    for (int i = 0; i < n; i += 32) {
        /* A slice of 16 ways loads and compares only its own tags. */
        __mmask32 lanes = n - i >= 32 ? 0xffffffffu : 0xffffu;
        __m512i got = _mm512_maskz_loadu_epi16(lanes, (const void *)(tags + i));
        m |= (uint64_t)_mm512_mask_cmpeq_epi16_mask(lanes, got, want) << i;
    }
#else
    __m256i want = _mm256_set1_epi16((short)tag);
    for (int i = 0; i < n; i += 32) {
        /* Two compares of 16 tags packed to bytes; the packing interleaves the 128-bit
           halves, which the permute puts back in order. */
        const __m256i *at = (const __m256i *)(tags + i);
        __m256i a = _mm256_cmpeq_epi16(_mm256_loadu_si256(at), want);
        __m256i b = n - i >= 32 ? _mm256_cmpeq_epi16(_mm256_loadu_si256(at + 1), want)
                                : _mm256_setzero_si256();
        __m256i ab = _mm256_permute4x64_epi64(_mm256_packs_epi16(a, b), 0xd8);
        m |= (uint64_t)(uint32_t)_mm256_movemask_epi8(ab) << i;
    }
#endif
    return m;
}
#else
#define TAG_SIMD 0
#endif

/* Return the end of the ways from `first` worth reading. The ways are filled from the
   bottom, so a whole bucket is read only as far as it is used (rounded up to a whole
   vector of tags; the empty tags read match nothing): most buckets hold a few entries.
   A slice (card points) is read whole. */
static int used_end(const Table *t, const Bucket *bk, int first) {
    return t->ways < WAYS ? first + t->ways : (int)(bk->top + 15) & ~15;
}

/* Tighten lo/hi with the matching entries; lo_zone and hi_zone become the zones of the
   entries that gave the final bounds. When entries decide the window on their own, the
   one with the fewest pinned cards on the first level that has one is used: the node's
   answer then rests on fewer ranks, and so do the entries stored above it (bridge 40
   deals: value 2.45 M -> 2.36 M trick nodes, cards 5.10 M -> 4.82 M; the first deciding
   entry was used before). Return the lead hint of a matching entry, or 255. */
static int table_probe(const Table *t, const Key *k, const Where *w, int alpha, int beta,
                       int *lo, int *hi, uint8_t lo_zone[MAXBLOCKS], uint8_t hi_zone[MAXBLOCKS]) {
    uint16_t tag = tag_of(w->eh);
    int hint = 255, decided = BIG; /* pinned cards of the deciding entry kept */
#if defined(__AVX2__)
    __m256i seq = _mm256_set_epi64x(0, (long long)k->seq64[2], (long long)k->seq64[1],
                                    (long long)k->seq64[0]);
#endif
    for (int level = 0; level < t->npicks && decided == BIG; level++) {
    int first = w->first[level];
    const Bucket *bk = w->bk[level];
    if (bk->gen != t->gen) continue;
    int end = used_end(t, bk, first);
#if TAG_SIMD
    for (int base = first; base < end; base += 64) {
    int chunk = end - base < 64 ? end - base : 64;
    for (uint64_t hits = tag_hits(bk->tag, base, chunk, tag); hits; hits &= hits - 1) {
        int i = base + __builtin_ctzll(hits);
#else
    for (int i = first; i < end; i++) {
        if (bk->tag[i] != tag) continue;
#endif
        const Entry *e = &bk->way[i];
#if defined(__AVX2__)
        if (!entry_matches_v(e, seq) || !same_exact(e, k)) continue;
#else
        if (!entry_matches(e, k) || !same_exact(e, k)) continue;
#endif
        if (e->best != 255) hint = e->best;
        if (e->lo >= beta || e->hi <= alpha) {
            if (e->pinned < decided) {
                decided = e->pinned;
                if (e->lo >= beta) {
                    *lo = e->lo;
                    memcpy(lo_zone, e->zone, MAXBLOCKS);
                } else {
                    *hi = e->hi;
                    memcpy(hi_zone, e->zone, MAXBLOCKS);
                }
            }
            continue;
        }
        if (decided < BIG) continue;
        if (e->lo > *lo) {
            *lo = e->lo;
            memcpy(lo_zone, e->zone, MAXBLOCKS);
        }
        if (e->hi < *hi) {
            *hi = e->hi;
            memcpy(hi_zone, e->zone, MAXBLOCKS);
        }
        if (*lo == *hi) return hint; /* exact (inside a wider window) */
    }
#if TAG_SIMD
    }
#endif
    }
    return hint;
}

/* When `e` is the entry of this key with these zones, tighten its bounds and hint and
   return 1 (the store is done); else return 0. */
static int tighten(Entry *e, const Key *k, const uint8_t zone[MAXBLOCKS], int lo, int hi,
                   int best) {
    if (memcmp(e->zone, zone, sizeof e->zone) != 0 || !entry_matches(e, k) ||
        !same_exact(e, k)) {
        return 0;
    }
    if (lo > e->lo) e->lo = (int16_t)lo;
    if (hi < e->hi) e->hi = (int16_t)hi;
    if (best != 255) e->best = (uint8_t)best;
    return 1;
}

static void table_store(Table *t, const Key *k, int nblocks, const uint8_t zone[MAXBLOCKS],
                        int lo, int hi, int best, int depth) {
    uint64_t eh = exact_hash(k);
    uint16_t tag = tag_of(eh);
    /* The level: how many top owners of every block the entry fixes. Below its zone a
       block's owners are fixed too when they are all one seat's (the lengths place those
       cards in every position the entry matches), and a block fixed to its bottom does
       not limit the level. */
    int first, level = 0, least = MAXBLOCKLEN;
    for (int b = 0; b < nblocks; b++) {
        int n = k->len[b], z = zone[b];
        if (z >= n) continue;
        uint32_t below = k->seq[b] >> (2 * z);
        if (below == ((below & 3) * 0x55555555u & zone_mask(n - z))) continue;
        if (z < least) least = z;
    }
    while (level + 1 < t->npicks && t->tops[level + 1] <= least) level++;
    Bucket *bk = bucket_of(t, k, eh, t->picks[level], &first);
    if (bk->gen != t->gen) {
        memset(bk->tag, 0, sizeof bk->tag);
        bk->gen = t->gen;
        bk->top = 0;
    }
    int victim_way = -1;
#if TAG_SIMD
    int end = used_end(t, bk, first);
    for (int base = first; base < end; base += 64) {
        int chunk = end - base < 64 ? end - base : 64;
        for (uint64_t hits = tag_hits(bk->tag, base, chunk, tag); hits; hits &= hits - 1) {
            if (tighten(&bk->way[base + __builtin_ctzll(hits)], k, zone, lo, hi, best)) return;
        }
    }
    /* An empty way first, else the first way with the fewest tricks left. */
    for (int base = first; base < first + t->ways && victim_way < 0; base += 64) {
        int chunk = first + t->ways - base < 64 ? first + t->ways - base : 64;
        uint64_t empty = tag_hits(bk->tag, base, chunk, 0);
        if (empty) victim_way = base + __builtin_ctzll(empty);
    }
    if (victim_way < 0) {
        victim_way = first;
        for (int i = first + 1; i < first + t->ways; i++) {
            if (bk->depth[i] < bk->depth[victim_way]) victim_way = i;
        }
    }
#else
    for (int i = first; i < first + t->ways; i++) {
        if (bk->tag[i] == tag && tighten(&bk->way[i], k, zone, lo, hi, best)) return;
        /* An empty way first, else the way with the fewest tricks left. */
        if (victim_way < 0) {
            victim_way = i;
        } else if (bk->tag[victim_way] != 0 &&
                   (bk->tag[i] == 0 || bk->depth[i] < bk->depth[victim_way])) {
            victim_way = i;
        }
    }
#endif
    assert(victim_way >= 0);
    Entry *victim = &bk->way[victim_way];
    if ((uint32_t)victim_way >= bk->top) bk->top = (uint32_t)victim_way + 1;
    bk->tag[victim_way] = tag;
    bk->depth[victim_way] = (uint8_t)depth;
    memcpy(victim->exact, k->exact, sizeof victim->exact);
    memcpy(victim->zone, zone, sizeof victim->zone);
    int pinned = 0;
    for (int b = 0; b < MAXBLOCKS; b++) pinned += zone[b];
    victim->pinned = (uint8_t)pinned;
    /* The masks are put together in registers: built in memory as 32-bit halves and read
       back as 64-bit words, the read could not take them from the pending stores and
       waited for every older store, the entry's (a cache miss) included: about half of
       table_store's time on bridge deals (perf, cpu-clock). */
    for (int i = 0; i < MAXBLOCKS / 2; i++) {
        uint64_t lo_m = 2 * i < nblocks ? zone_mask(zone[2 * i]) : 0;
        uint64_t hi_m = 2 * i + 1 < nblocks ? zone_mask(zone[2 * i + 1]) : 0;
        uint64_t m = lo_m | hi_m << 32;
        victim->mask[i] = m;
        victim->own[i] = k->seq64[i] & m;
    }
    victim->extra = k->extra;
    victim->lo = (int16_t)lo;
    victim->hi = (int16_t)hi;
    victim->best = (uint8_t)best;
}

/* ----------------------------------------------------------------- search */

/* Small fields: play copies a trick for every card played (64 bytes with ints, 24 now). */
typedef struct {
    uint64_t cards;        /* the cards on the trick, as a mask (kept up to date by play) */
    int8_t n;              /* cards on the trick */
    int8_t seat[MAXSEATS];
    int8_t card[MAXSEATS];
    int8_t lead_block;     /* -1: no suit to follow (empty trick, Beyond joker lead) */
    int8_t win;            /* index of the card winning so far (kept up to date by play) */
    int8_t after_joker;    /* Beyond: the previous trick was led with a joker */
    /* Bridge copy, inside a trick: the cutoff memory's group base of this node's slot
       (cut_group_base of the mover and the trick's cards but the last), set by play from
       what the parent worked out for its children. */
    uint64_t cut_base;
} Trick;

typedef struct {
    int card;
    int named; /* suit block named on a 500 joker lead, else -1 */
    int score;
} Move;

typedef struct {
    /* the contract */
    int ncards, nblocks;
    int block_of[64];
    int block_start[MAXBLOCKS];
    uint64_t block_mask[MAXBLOCKS];
    uint64_t rblock_mask[MAXBLOCKS]; /* the block masks bit-reversed (make_key) */
    int points[64];
    int trump_block, joker_mode, joker_block;
    /* strength() of each card by the block led, plus one (0: no block to follow) */
    uint16_t strength_by_lead[MAXBLOCKS + 1][64];
    int nactive;
    int order[MAXSEATS];
    int next[MAXSEATS];
    /* the objective */
    int kind, team_mask;
    uint8_t side_of[MAXSEATS]; /* team_mask bit by seat (on_team) */
    int relative_keys;
    uint64_t pointed; /* cards worth card points */
    /* The cards worth points by worth, cheapest first (cheapest_points); 0 classes when
       there are more worths than PCLASSES (the count then sorts). */
    int npclass;
    /* The cards whose worth has bit i set (points_of), when every worth is below 16. */
    int pbits_ok;
    uint64_t pbit[4];
    int max_trick_points; /* the most card points one trick can hold (a card per seat) */
    int max_other_points; /* the most the cards of all seats but one can add to a trick */
    int pclass_points[PCLASSES];
    uint64_t pclass_mask[PCLASSES];
    /* the position */
    uint64_t hand[MAXSEATS];
    uint64_t held; /* the union of the hands (kept up to date by play, see all_held) */
    int held_points; /* card points of the cards still held */
    uint8_t owner[64]; /* the seat each card was dealt to (cards never change hands) */
    int need[MAXSEATS];
    /* Beyond, exact targets: the opponents push tricks on the team (push_score); set by
       the root once its first exact search has not finished. */
    int push;
    /* Bridge-shaped solves, value mode (solve_root, exact_value): the root's tricks left
       (0: not such a solve), the best card of its last search, and a card its next search
       tries second, not first (-1: none). */
    int root_left, root_best, root_demote;
    /* A band objective (tricks or points): the value is how many of these ascending
       thresholds the team reaches, found by zero-window probes at the thresholds. */
    int nthresholds;
    int thresholds[MAXTHRESHOLDS];
    Table *tt;
    uint64_t nodes;
    uint64_t trick_nodes;
    /* The budget (see budget_check): the search stops once it has searched max_nodes
       nodes (0: no limit), once the clock passes `deadline` (0: none), or when a Python
       signal handler raises (the main thread only). It looks every CHECK_EVERY nodes. */
    uint64_t max_nodes, check_at;
    double deadline, next_signals;
    int check_signals;
    int stopped; /* why the search stopped: STOP_* */
    PyThreadState *thread_state; /* while the GIL is released */
    jmp_buf *abort_to;
    /* A capped search (capped_search): once `nodes` reaches cap_at (0: none) it jumps to
       cap_to, which puts the position back and goes on without an answer. */
    uint64_t cap_at;
    jmp_buf *cap_to;
} Ctx;
/* Bridge-shaped solves (tricks, no jokers, four seats, four blocks, relative keys:
   is_bridge) run copies of search() and of the functions it calls most, compiled with those
   known. Each such function F is written once, as F_b(..., sp), always inlined, and
   compiled twice: as F_sp (sp = 1, where the macros below give the constants and the
   compiler drops the other games' code) and as F (sp = 0, every game); Skat-shaped solves
   have a third copy, F_sk (below). In those bodies SP(F) calls the copy of the caller's
   kind, SEARCH the search's. Same search, same nodes,
   fewer instructions (see the work log: issue 16 item 2, helper bridge29). */
static int is_bridge(const Ctx *c) {
    return c->kind == KIND_TRICKS && c->joker_mode == JOKERS_NONE && c->nactive == 4 &&
           c->nblocks == 4 && c->relative_keys;
}
/* Skat-shaped solves (card points, no jokers, three seats 0..2, relative keys) run a
   third copy, F_sk (sp = 2): the same bodies with those known (the number of blocks is not:
   four in a suit game, five in a grand). See the work log: issue 16 item 3, helper skat30. */
static int is_skat(const Ctx *c) {
    return c->kind == KIND_POINTS && c->joker_mode == JOKERS_NONE && c->nactive == 3 &&
           c->relative_keys && !c->hand[3] && c->order[0] != 3 && c->order[1] != 3 &&
           c->order[2] != 3;
}
/* The copy a solve runs: 1 bridge-shaped, 2 Skat-shaped, 0 the general one. */
static int shape_of(const Ctx *c) { return is_bridge(c) ? 1 : is_skat(c) ? 2 : 0; }
#define C_KIND (sp == 1 ? KIND_TRICKS : sp == 2 ? KIND_POINTS : c->kind)
#define C_JOKERS (sp ? JOKERS_NONE : c->joker_mode)
#define C_NACTIVE (sp == 1 ? 4 : sp == 2 ? 3 : c->nactive)
#define C_NBLOCKS (sp == 1 ? 4 : c->nblocks)
#define C_RELKEYS (sp ? 1 : c->relative_keys)
#define SP(f) (sp == 1 ? f##_sp : sp == 2 ? f##_sk : f)
/* For the card-point functions, which only the general and the Skat copy call. */
#define SPK(f) (sp == 2 ? f##_sk : f)
/* Seats that hold cards: Skat's are 0..2 (is_skat). */
#define C_NSEATS (sp == 2 ? 3 : MAXSEATS)
#define SEARCH (sp == 1 ? search_sp : sp == 2 ? search_sk : search_gen)

enum { STOP_NONE = 0, STOP_NODES = 1, STOP_TIME = 2, STOP_SIGNAL = 3 };
/* Nodes between two looks at the budget: a few milliseconds of search at most. */
enum { CHECK_EVERY = 4096 };
/* Seconds between two looks for Python signals (each takes the GIL for a moment). */
#define SIGNAL_SECONDS 0.02
static int popcount64(uint64_t x) { return __builtin_popcountll(x); }
static int lowest(uint64_t x) { return __builtin_ctzll(x); }
static int highest(uint64_t x) { return 63 - __builtin_clzll(x); }
static int on_team(const Ctx *c, int seat) { return c->side_of[seat]; }

/* The cards still held (mid_trick_sure changes the hands for a while without it). */
static uint64_t all_held(const Ctx *c) {
    return c->held;
}

static uint64_t jokers_of(const Ctx *c, uint64_t hand) {
    return c->joker_block >= 0 ? hand & c->block_mask[c->joker_block] : 0;
}

static inline __attribute__((always_inline)) uint64_t legal_mask_b(const Ctx *c, const Trick *t,
                                                                   int seat, const int sp) {
    uint64_t hand = c->hand[seat];
    uint64_t jokers = jokers_of(c, hand);
    if (t->n == 0) {
        if (C_JOKERS == JOKERS_BEYOND && t->after_joker && (hand & ~jokers)) {
            return hand & ~jokers;
        }
        return hand;
    }
    if (t->lead_block < 0) return hand;
    uint64_t follow = hand & c->block_mask[t->lead_block];
    if (!follow) return hand;
    if (C_JOKERS == JOKERS_BEYOND) follow |= jokers;
    return follow;
}
static uint64_t legal_mask(const Ctx *c, const Trick *t, int seat) {
    return legal_mask_b(c, t, seat, 0);
}

/* Rank a card for "who is winning": 0 never wins, else higher wins. */
static int strength_of(const Ctx *c, int card, int lead_block) {
    int b = c->block_of[card];
    if (b == c->trump_block) return 200 + card;
    if (b == lead_block) return 100 + card;
    return 0;
}

/* strength_of, looked up (see the setup of strength_by_lead). */
static int strength(const Ctx *c, int card, int lead_block) {
    return c->strength_by_lead[lead_block + 1][card];
}

/* Return the index in the trick of the card winning so far (the trick must not be empty). */
static int winning_index(const Ctx *c, const Trick *t) {
    if (t->lead_block < 0) {
        /* Beyond joker lead: the last joker played wins. */
        int w = 0;
        for (int i = 0; i < t->n; i++) {
            if (c->block_of[t->card[i]] == c->joker_block) w = i;
        }
        return w;
    }
    int w = 0, ws = strength(c, t->card[0], t->lead_block);
    for (int i = 1; i < t->n; i++) {
        int s = strength(c, t->card[i], t->lead_block);
        if (s > ws) {
            w = i;
            ws = s;
        }
    }
    return w;
}

/* Does `card` beat the trick's current winner `wcard`? */
static int beats(const Ctx *c, const Trick *t, int card, int wcard) {
    if (t->lead_block < 0) return c->block_of[card] == c->joker_block;
    return strength(c, card, t->lead_block) > strength(c, wcard, t->lead_block);
}

/* Return the card points of the cards of `m`: four popcounts when every worth is below 16
   (Skat), else one step per card. */
static int points_of(const Ctx *c, uint64_t m) {
    if (c->pbits_ok) {
        return popcount64(m & c->pbit[0]) + 2 * popcount64(m & c->pbit[1]) +
               4 * popcount64(m & c->pbit[2]) + 8 * popcount64(m & c->pbit[3]);
    }
    int sum = 0;
    for (; m; m &= m - 1) sum += c->points[lowest(m)];
    return sum;
}

static inline __attribute__((always_inline)) void static_bounds_b(const Ctx *c, int seat, int *lo,
                                                                  int *hi, const int sp) {
    int left = popcount64(c->hand[seat]);
    *lo = 0;
    if (C_KIND == KIND_POINTS) {
        *hi = c->held_points;
    } else if (C_KIND == KIND_EXACT) {
        int wanted = 0, all_zero = 1;
        for (int s = 0; s < MAXSEATS; s++) {
            if (c->need[s] >= 0) {
                wanted += c->need[s];
                if (c->need[s]) all_zero = 0;
            }
        }
        if (left == 0) {
            *lo = *hi = all_zero;
        } else {
            *hi = wanted <= left ? 1 : 0;
        }
    } else {
        *hi = left;
    }
}
static void static_bounds(const Ctx *c, int seat, int *lo, int *hi) {
    static_bounds_b(c, seat, lo, hi, 0);
}

#if defined(__BMI2__)
static uint64_t reverse64(uint64_t x) {
    x = __builtin_bswap64(x);
    x = (x & 0x0f0f0f0f0f0f0f0fULL) << 4 | ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL);
    x = (x & 0x3333333333333333ULL) << 2 | ((x >> 2) & 0x3333333333333333ULL);
    return (x & 0x5555555555555555ULL) << 1 | ((x >> 1) & 0x5555555555555555ULL);
}
#endif

static inline __attribute__((always_inline)) void make_key_b(const Ctx *c, int seat,
                                                             int after_joker, Key *k,
                                                             const int sp) {
    uint32_t x = (uint32_t)seat | (uint32_t)after_joker << 2;
    if (C_KIND == KIND_EXACT) {
        for (int s = 0; s < MAXSEATS; s++) x |= (uint32_t)(c->need[s] + 1) << (3 + 5 * s);
    }
    k->extra = x;
    memset(k->seq, 0, sizeof k->seq);
    memset(k->len, 0, sizeof k->len);
    if (!C_RELKEYS) {
        for (int s = 0; s < MAXSEATS; s++) k->exact[s] = c->hand[s];
        return;
    }
    /* Lengths: 4 bits per seat and block, 16 bits per block, four blocks per word. */
    k->exact[0] = k->exact[1] = k->exact[2] = k->exact[3] = 0;
    for (int b = 0; b < C_NBLOCKS; b++) {
        uint64_t bm = c->block_mask[b];
        uint64_t n = (uint64_t)popcount64(c->hand[0] & bm) |
                     (uint64_t)popcount64(c->hand[1] & bm) << 4 |
                     (uint64_t)popcount64(c->hand[2] & bm) << 8 |
                     (uint64_t)popcount64(c->hand[3] & bm) << 12;
        k->exact[b / 4] |= n << (16 * (b % 4));
    }
    /* For card points, which point-carrying cards are left too: the ranks are then
       relative among cards of equal worth (checked at setup: in every block the pointless
       cards rank below all the others). */
    if (C_KIND == KIND_POINTS) k->exact[2] = all_held(c) & c->pointed;
    /* Owners by relative rank, from the top of each block down. */
    uint64_t held = all_held(c);
#if defined(__BMI2__)
    /* With the card order reversed, extracting a block's held cards lists them from the
       top; the owners' two bits come from the seats with bit 0 and with bit 1 set. */
#if defined(__AVX2__)
    /* The three reversals at once: bytes reversed in each word by a shuffle, then the bits
       of each byte by a table of reversed nibbles. */
    const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                           7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    const __m256i rev = _mm256_setr_epi8(0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15,
                                         0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15);
    const __m256i nib = _mm256_set1_epi8(0x0f);
    __m256i v = _mm256_set_epi64x(0, (long long)(c->hand[2] | c->hand[3]),
                                  (long long)(c->hand[1] | c->hand[3]), (long long)held);
    v = _mm256_shuffle_epi8(v, bswap);
    __m256i lo = _mm256_shuffle_epi8(rev, _mm256_and_si256(v, nib));
    __m256i hi = _mm256_shuffle_epi8(rev, _mm256_and_si256(_mm256_srli_epi16(v, 4), nib));
    v = _mm256_or_si256(_mm256_slli_epi16(lo, 4), hi);
    uint64_t rheld = (uint64_t)_mm256_extract_epi64(v, 0);
    uint64_t rlow = (uint64_t)_mm256_extract_epi64(v, 1);
    uint64_t rhigh = (uint64_t)_mm256_extract_epi64(v, 2);
#else
    uint64_t rheld = reverse64(held);
    uint64_t rlow = reverse64(c->hand[1] | c->hand[3]), rhigh = reverse64(c->hand[2] | c->hand[3]);
#endif
    for (int b = 0; b < C_NBLOCKS; b++) { /* the unused blocks stay 0 (memset above) */
        uint64_t rm = rheld & c->rblock_mask[b];
        k->seq[b] = _pdep_u32((uint32_t)_pext_u64(rlow, rm), 0x55555555u) |
                    _pdep_u32((uint32_t)_pext_u64(rhigh, rm), 0xaaaaaaaau);
        k->len[b] = (uint8_t)popcount64(rm);
    }
#else
    for (int b = 0; b < C_NBLOCKS; b++) {
        uint64_t m = held & c->block_mask[b];
        uint32_t seq = 0;
        for (int pos = 0; m; pos++) {
            int card = highest(m);
            m ^= 1ULL << card;
            seq |= (uint32_t)c->owner[card] << (2 * pos);
        }
        k->seq[b] = seq;
        k->len[b] = (uint8_t)popcount64(held & c->block_mask[b]);
    }
#endif
}
static void make_key(const Ctx *c, int seat, int after_joker, Key *k) {
    make_key_b(c, seat, after_joker, k, 0);
}
static __attribute__((noinline)) void make_key_sp(const Ctx *c, int seat, int after_joker, Key *k) {
    make_key_b(c, seat, after_joker, k, 1);
}
static __attribute__((noinline)) void make_key_sk(const Ctx *c, int seat, int after_joker, Key *k) {
    make_key_b(c, seat, after_joker, k, 2);
}

/* Return the index of the set bit of `m` with `i` set bits below it (i < popcount(m)). */
static int nth_lowest(uint64_t m, int i) {
#if defined(__BMI2__)
    return lowest(_pdep_u64(1ULL << i, m));
#else
    while (i-- > 0) m &= m - 1;
    return lowest(m);
#endif
}

/* Return the top `r` held cards of block b. */
static uint64_t top_held(const Ctx *c, int b, int r) {
    uint64_t m = all_held(c) & c->block_mask[b];
    int n = popcount64(m);
    if (r >= n) return m;
    if (r <= 0) return 0;
    return m & ~((1ULL << nth_lowest(m, n - r)) - 1); /* from the (n - r)-th lowest up */
}

/* Return the zone of each block: how many top cards reach down to the lowest card in `rel`. */
static inline __attribute__((always_inline)) void zones_of_b(const Ctx *c, uint64_t rel,
                                                             uint8_t zone[MAXBLOCKS],
                                                             const int sp) {
    memset(zone, 0, MAXBLOCKS);
    if (!C_RELKEYS) return;
    uint64_t held = all_held(c);
    for (int b = 0; b < C_NBLOCKS; b++) {
        uint64_t m = rel & held & c->block_mask[b];
        if (m) zone[b] = (uint8_t)popcount64(held & c->block_mask[b] & ~((1ULL << lowest(m)) - 1));
        if (C_KIND == KIND_POINTS) {
            /* Card points: the owner of every card that carries points matters (they rank
               above the pointless cards, so they are the top of the block); the pointless
               cards only where their ranks decided a trick. */
            int worth = popcount64(held & c->block_mask[b] & c->pointed);
            if (worth > zone[b]) zone[b] = (uint8_t)worth;
        }
        /* The zone need not pin the lowest cards of the block when one seat holds them
           all, from the bottom up into the zone: the lengths in the key already put them
           there (and the cards below the zone with them). */
        uint64_t bm = held & c->block_mask[b];
        if (zone[b]) {
            int n = popcount64(bm), owner = c->owner[lowest(bm)];
            uint64_t others = bm & ~c->hand[owner];
            int run = others ? popcount64(bm & ((1ULL << lowest(others)) - 1)) : n;
            if (n - run < zone[b]) zone[b] = (uint8_t)(n - run);
        }
    }
}
static void zones_of(const Ctx *c, uint64_t rel, uint8_t zone[MAXBLOCKS]) {
    zones_of_b(c, rel, zone, 0);
}
static __attribute__((noinline)) void zones_of_sp(const Ctx *c, uint64_t rel,
                                                  uint8_t zone[MAXBLOCKS]) {
    zones_of_b(c, rel, zone, 1);
}
static __attribute__((noinline)) void zones_of_sk(const Ctx *c, uint64_t rel,
                                                  uint8_t zone[MAXBLOCKS]) {
    zones_of_b(c, rel, zone, 2);
}

static uint64_t zone_cards(const Ctx *c, const uint8_t zone[MAXBLOCKS]) {
    uint64_t out = 0;
    for (int b = 0; b < c->nblocks; b++) {
        if (zone[b]) out |= top_held(c, b, zone[b]);
    }
    return out;
}

/* Return the sum of the `k` smallest card points among the cards of `m`. */
static inline __attribute__((always_inline)) int cheapest_points(const Ctx *c, uint64_t m, int k) {
    /* Pointless cards first: often they are enough. */
    uint64_t free = m & ~c->pointed;
    k -= popcount64(free);
    if (k <= 0) return 0;
    m &= c->pointed;
    if (c->npclass) {
        int sum = 0;
        for (int j = 0; j < c->npclass && k > 0; j++) {
            int n = popcount64(m & c->pclass_mask[j]);
            if (n > k) n = k;
            sum += n * c->pclass_points[j];
            k -= n;
        }
        return sum;
    }
    int pts[64], n = 0;
    while (m) {
        int v = c->points[lowest(m)];
        m &= m - 1;
        int j = n++;
        while (j > 0 && pts[j - 1] > v) {
            pts[j] = pts[j - 1];
            j--;
        }
        pts[j] = v;
    }
    int sum = 0;
    for (int i = 0; i < k && i < n; i++) sum += pts[i];
    return sum;
}

/* The rounds of a block seat `s` can keep a card of it (the block's cards `bm`) while
   others lead it: its cards of the block, plus in Beyond its jokers when it holds the
   block (it may play a joker instead of following suit; a joker never wins a suit lead).
   Counting all its jokers in every block is more than it can spend, so counts that rest
   on this stay sure. */
static int held_rounds(const Ctx *c, int s, uint64_t bm) {
    int len = popcount64(c->hand[s] & bm);
    return len && c->joker_mode == JOKERS_BEYOND ? len + popcount64(jokers_of(c, c->hand[s])) : len;
}

/* The most rounds of a block (its cards `bm`) a seat other than `s` can keep a card of it
   (held_rounds). */
static inline __attribute__((always_inline)) int most_rounds_b(const Ctx *c, int s, uint64_t bm,
                                                               const int sp) {
    int most = 0;
    if (C_JOKERS != JOKERS_BEYOND) {
        for (int o = 0; o < C_NSEATS; o++) {
            int len = o == s ? 0 : popcount64(c->hand[o] & bm);
            if (len > most) most = len;
        }
        return most;
    }
    for (int o = 0; o < MAXSEATS; o++) {
        int len = o == s ? 0 : held_rounds(c, o, bm);
        if (len > most) most = len;
    }
    return most;
}
static int most_rounds(const Ctx *c, int s, uint64_t bm) { return most_rounds_b(c, s, bm, 0); }

/* Count the tricks `leader` can cash at once without giving up the lead: cards above
   every other seat's in a block, counted only while no opponent can ruff them. Also
   return the card points those tricks surely carry (the cashed cards and the cheapest
   cards the other seats must follow with), and add the cards whose ranks count to `rel`. */
static inline __attribute__((always_inline)) int cashable_b(const Ctx *c, int leader, int need_pts,
                                                            int *points, uint64_t *rel,
                                                            int per_block[MAXBLOCKS], const int sp) {
    uint64_t mine = c->hand[leader];
    uint64_t others = all_held(c) & ~mine;
    int tb = c->trump_block;
    uint64_t trumps = tb >= 0 ? c->block_mask[tb] : 0;
    int total = 0;
    *points = 0;
    int follow[MAXSEATS] = {0}; /* card points: each other seat's cheapest cards followed */
    int cashed_k[MAXBLOCKS] = {0}; /* card points: the tricks cashed in each block */
    uint64_t cashed_all = 0;       /* and the leader's cards cashed */
    /* Trumps first: when the leader's sure trump tricks outlast every opponent's trumps,
       cashing them draws the opponents' trumps, and the side suits can no longer be ruffed. */
    int drawn = 0;
    /* Beyond: a partner holding trumps that runs out of other cards while the leader cashes
       side suits must ruff, and then the partner is on lead: the leader's later cashes and
       joker leads need the lead back. So count only as many side-suit rounds as every such
       partner holds cards other than trumps (jokers and side suits, to follow or discard).
       (The lengths in the key place those cards: no ranks.) */
    int spare = BIG, side_rounds = 0;
    if (C_JOKERS == JOKERS_BEYOND && tb >= 0) {
        for (int p = 0; p < MAXSEATS; p++) {
            if (p == leader || on_team(c, p) != on_team(c, leader) || !(c->hand[p] & trumps)) continue;
            int n = popcount64(c->hand[p] & ~trumps);
            if (n < spare) spare = n;
        }
    }
    for (int i = tb >= 0 ? -1 : 0; i < C_NBLOCKS; i++) {
        int b = i < 0 ? tb : i; /* the trump block, then the others */
        if (i == tb) continue;
        uint64_t bm = c->block_mask[b];
        if (C_JOKERS != JOKERS_NONE && b == c->joker_block) continue;
        uint64_t own = mine & bm;
        if (!own) continue;
        uint64_t rest = others & bm;
        uint64_t tops = rest ? own & ~((2ULL << highest(rest)) - 1) : own;
        int k = popcount64(tops);
        /* Once the others are out of the suit, the leader's smaller cards win too. In
           Beyond a seat holding the suit must follow it or play a joker, so it is out of
           the suit once the leader has cashed as many rounds as its cards of the suit and
           its jokers together (held_rounds). */
        int maxlen = most_rounds_b(c, leader, bm, sp);
        if (k >= maxlen) k = popcount64(own);
        if (k && b != tb && (others & trumps) && !drawn) {
            /* Each opponent holding trumps can ruff once it runs out of this suit (a
               partner's ruff still wins the trick for the side). */
            for (int s = 0; s < C_NSEATS; s++) {
                if (on_team(c, s) == on_team(c, leader) || !(c->hand[s] & trumps)) continue;
                int len = popcount64(c->hand[s] & bm);
                if (len < k) k = len;
            }
        }
        if (b != tb && k > spare - side_rounds) k = spare - side_rounds;
        if (k <= 0) continue;
        if (b != tb) side_rounds += k;
        total += k;
        if (per_block) per_block[b] = k;
        /* Cash the top k from the top down; only the first maxlen need their ranks (the
           lowest of them stands for all: ranks count from the top down to it). */
        int n = popcount64(own), ranked = k < maxlen ? k : maxlen;
        if (ranked) *rel |= 1ULL << nth_lowest(own, n - ranked);
        if (C_KIND == KIND_POINTS) {
            cashed_all |= k < n ? own & ~((1ULL << nth_lowest(own, n - k)) - 1) : own;
            cashed_k[b] = k;
        }
        if (b == tb) {
            drawn = 1;
            for (int s = 0; s < C_NSEATS; s++) {
                if (on_team(c, s) != on_team(c, leader) && held_rounds(c, s, bm) > k) drawn = 0;
            }
        }
    }
    if (C_KIND == KIND_POINTS && total) {
        *points = points_of(c, cashed_all);
        /* The others' cards add at most max_other_points a trick: when even that falls
           short of `need_pts` (the points that would decide the caller's window), the
           count can decide nothing, and the cashed cards' points alone (a smaller sure
           count) are returned without the others' cheapest cards (150 Skat deals: the
           same nodes, -1.1 % instructions). */
        if (*points + total * c->max_other_points < need_pts) return total;
        /* The others follow with their cheapest cards block by block. */
        for (int b = 0; b < C_NBLOCKS; b++) {
            if (!cashed_k[b]) continue;
            uint64_t bm = c->block_mask[b];
            for (int s = 0; s < C_NSEATS; s++) {
                if (s != leader) follow[s] += cheapest_points(c, c->hand[s] & bm, cashed_k[b]);
            }
        }
        /* Each other seat plays `total` cards to those tricks: at least the cheapest it
           follows with block by block, and at least its `total` cheapest cards (a seat out
           of a suit discards). */
        for (int s = 0; s < C_NSEATS; s++) {
            if (s == leader || !c->hand[s]) continue;
            int any = cheapest_points(c, c->hand[s], total);
            *points += any > follow[s] ? any : follow[s];
        }
    }
    return total;
}
static int cashable(const Ctx *c, int leader, int need_pts, int *points, uint64_t *rel,
                    int per_block[MAXBLOCKS]) {
    return cashable_b(c, leader, need_pts, points, rel, per_block, 0);
}
static __attribute__((noinline)) int cashable_sp(const Ctx *c, int leader, int need_pts,
                                                 int *points, uint64_t *rel,
                                                 int per_block[MAXBLOCKS]) {
    return cashable_b(c, leader, need_pts, points, rel, per_block, 1);
}
static __attribute__((noinline)) int cashable_sk(const Ctx *c, int leader, int need_pts,
                                                 int *points, uint64_t *rel,
                                                 int per_block[MAXBLOCKS]) {
    return cashable_b(c, leader, need_pts, points, rel, per_block, 2);
}

/* Return the tricks `seat`'s trumps are sure to win later: a trick holding one of its trumps
   goes to its side unless an opponent puts a higher trump on it, and each opponent trump
   (`opp`: all of them) can beat at most one of them. So the seat is sure of as many tricks
   as its trumps outnumber the opponents' higher trumps, from the top down to the best
   place, less (Beyond) one trick per joker of the other seats. Every card is played, so
   the count holds whatever anyone wants: it bounds both sides' tricks. Adds to `rel` the
   lowest card that count reaches down to (none when the opponents hold no trumps: the
   lengths decide then). */
static inline __attribute__((always_inline)) int sure_trumps_b(const Ctx *c, int seat, uint64_t opp,
                                                               int own_only, uint64_t *rel,
                                                               const int sp) {
    if (c->trump_block < 0) return 0;
    uint64_t own = c->hand[seat] & c->block_mask[c->trump_block];
    if (!own) return 0;
    /* Beyond: on a joker lead the last joker wins, trumps included, so a joker trick can
       take one of the seat's trumps for nothing. Each such trick holds a joker of another
       seat, so there are at most as many as the other seats hold jokers; counting tricks
       for the seat's side (not `own_only`), only the other side's jokers: a trick won by
       the partner's joker is still the side's (jokers have no ranks: the lengths in the
       key place them). */
    int wasted = 0;
    if (C_JOKERS == JOKERS_BEYOND) {
        uint64_t wasters = all_held(c) & ~c->hand[seat];
        if (!own_only) {
            for (int s = 0; s < MAXSEATS; s++) {
                if (on_team(c, s) == on_team(c, seat)) wasters &= ~c->hand[s];
            }
        }
        wasted = popcount64(jokers_of(c, wasters));
    }
    if (!opp) return popcount64(own) > wasted ? popcount64(own) - wasted : 0;
    int best = 0, low = -1, j = 0;
    for (uint64_t m = own; m;) {
        int h = highest(m);
        m ^= 1ULL << h;
        int v = ++j - popcount64(opp & ~((2ULL << h) - 1));
        if (v > best) {
            best = v;
            low = h;
        }
    }
    best -= wasted;
    if (best <= 0) return 0;
    *rel |= 1ULL << low;
    return best;
}
static int sure_trumps(const Ctx *c, int seat, uint64_t opp, int own_only, uint64_t *rel) {
    return sure_trumps_b(c, seat, opp, own_only, rel, 0);
}
static __attribute__((noinline)) int sure_trumps_sp(const Ctx *c, int seat, uint64_t opp,
                                                    int own_only, uint64_t *rel) {
    return sure_trumps_b(c, seat, opp, own_only, rel, 1);
}
static __attribute__((noinline)) int sure_trumps_sk(const Ctx *c, int seat, uint64_t opp,
                                                    int own_only, uint64_t *rel) {
    return sure_trumps_b(c, seat, opp, own_only, rel, 2);
}

/* Without trumps in play (and without jokers), a leader whose every suit is topped by the
   other side loses this trick; when one opponent holds all those top cards, that
   opponent then cashes the rest of them too. Return the tricks the leader's opponents
   are sure of that way (0 if none) and add the top cards to `rel`. */
static inline __attribute__((always_inline)) int losing_leads_b(const Ctx *c, int leader,
                                                                uint64_t *rel, const int sp) {
    /* Beyond, tricks objective: a leader without jokers too (a joker never wins a suit
       lead, so the other side's top cards still win; a leader with a joker may lead it
       and a partner's joker take the trick and the lead). 20 full deals 42.04 M ->
       41.67 M nodes, seeds 20-39 45.60 M -> 45.31 M. */
    if (C_JOKERS != JOKERS_NONE &&
        !(C_JOKERS == JOKERS_BEYOND && C_KIND == KIND_TRICKS && !jokers_of(c, c->hand[leader])))
        return 0;
    uint64_t held = all_held(c);
    if (c->trump_block >= 0 && (held & c->block_mask[c->trump_block])) return 0;
    uint64_t tops = 0;
    int suits = 0, holder = -1, single = 1;
    for (int b = 0; b < C_NBLOCKS; b++) {
        uint64_t bm = c->block_mask[b];
        if (!(c->hand[leader] & bm)) continue;
        int top = highest(held & bm);
        int owner = c->owner[top];
        if (on_team(c, owner) == on_team(c, leader)) return 0;
        if (holder < 0) holder = owner;
        if (owner != holder) single = 0;
        tops |= 1ULL << top;
        suits++;
    }
    if (!suits) return 0;
    *rel |= tops;
    return single ? suits : 1;
}
static int losing_leads(const Ctx *c, int leader, uint64_t *rel) {
    return losing_leads_b(c, leader, rel, 0);
}
static __attribute__((noinline)) int losing_leads_sp(const Ctx *c, int leader, uint64_t *rel) {
    return losing_leads_b(c, leader, rel, 1);
}
static __attribute__((noinline)) int losing_leads_sk(const Ctx *c, int leader, uint64_t *rel) {
    return losing_leads_b(c, leader, rel, 2);
}

/* Without trumps in play (and without jokers): can `side` be sure not to take all of the
   `left` tricks still to play? In a block whose top card it holds, it wins at most as many
   tricks as its longer hand holds cards of the block (every round takes a card from each
   of its hands still holding the block); in a block whose top card the other side holds,
   it wins nothing while that card stays. So when those counts add up to fewer than `left`,
   it loses a trick (DDS's LaterTricks bound, which DDS applies to the side on lead; the
   argument holds for either side, as a side taking every trick never gives the other side
   a trick to play its top cards to, and never ruffs). Return 1 then, and add
   to `rel` the top cards of the other side's blocks that some other seat holds cards of
   (a block held by one seat is placed by the lengths; the side's own tops may only get
   fewer). */
static inline __attribute__((always_inline)) int misses_a_trick_b(const Ctx *c, int side, int left,
                                                                  uint64_t *rel, const int sp) {
    if (C_JOKERS != JOKERS_NONE) return 0;
    uint64_t held = all_held(c);
    if (c->trump_block >= 0 && (held & c->block_mask[c->trump_block])) return 0;
    int sum = 0;
    uint64_t tops = 0;
    for (int b = 0; b < C_NBLOCKS; b++) {
        uint64_t m = held & c->block_mask[b];
        if (!m) continue;
        int top = highest(m), o = c->owner[top];
        if (on_team(c, o) == side) {
            int most = 0;
            for (int s = 0; s < MAXSEATS; s++) {
                if (on_team(c, s) != side) continue;
                int len = popcount64(c->hand[s] & m);
                if (len > most) most = len;
            }
            sum += most;
            if (sum >= left) return 0;
        } else if (m & ~c->hand[o]) {
            tops |= 1ULL << top;
        }
    }
    *rel |= tops;
    return 1;
}
static int misses_a_trick(const Ctx *c, int side, int left, uint64_t *rel) {
    return misses_a_trick_b(c, side, left, rel, 0);
}
static __attribute__((noinline)) int misses_a_trick_sp(const Ctx *c, int side, int left,
                                                       uint64_t *rel) {
    return misses_a_trick_b(c, side, left, rel, 1);
}
static __attribute__((noinline)) int misses_a_trick_sk(const Ctx *c, int side, int left,
                                                       uint64_t *rel) {
    return misses_a_trick_b(c, side, left, rel, 2);
}

/* With trumps in play (no jokers, four seats): the side on lead (`side`) needs every trick
   left. When it holds the top trump, the trumps above the best trump its holder lacks are
   all that holder's (k of them), and the seat right after that holder, of the other side,
   holds that trump and k others, the other side takes a trick (DDS's later-tricks bound
   with trumps: k = 1, a guarded second-best trump behind the top one). While the side
   wins every trick it leads every trick, so the holder of the top trumps plays before
   that seat in each: the seat plays its card the first time it must play a trump with
   none of those above it on the trick (it then wins: nobody after it holds a higher one),
   and a lower trump each time one of them is on the trick (k at most), after which its
   card is the top. Return 1 then, adding that card to `rel` (the owners of the trumps
   down to it; the lengths place the rest). */
static inline __attribute__((always_inline)) int guarded_second_b(const Ctx *c, int side,
                                                                  int leader, uint64_t *rel,
                                                                  const int sp) {
    if (C_JOKERS != JOKERS_NONE || C_NACTIVE != 4 || c->trump_block < 0) return 0;
    uint64_t tr = all_held(c) & c->block_mask[c->trump_block];
    if (popcount64(tr) < 3) return 0;
    int top = highest(tr), x = c->owner[top];
    if (on_team(c, x) != side) return 0;
    uint64_t above = c->hand[x] & tr, below = tr & ~above;
    if (!below) return 0;
    int second = highest(below), hh = c->owner[second];
    above &= ~((2ULL << second) - 1);
    if (c->next[x] != hh || on_team(c, hh) == side) return 0;
    if (on_team(c, leader) != side && c->next[leader] != x) return 0;
    if (popcount64(c->hand[hh] & tr) <= popcount64(above)) return 0;
    *rel |= 1ULL << second;
    return 1;
}
static int guarded_second(const Ctx *c, int side, int leader, uint64_t *rel) {
    return guarded_second_b(c, side, leader, rel, 0);
}
static __attribute__((noinline)) int guarded_second_sp(const Ctx *c, int side, int leader,
                                                       uint64_t *rel) {
    return guarded_second_b(c, side, leader, rel, 1);
}
static __attribute__((noinline)) int guarded_second_sk(const Ctx *c, int side, int leader,
                                                       uint64_t *rel) {
    return guarded_second_b(c, side, leader, rel, 2);
}

/* Card points: the least the other side surely takes in this trick when every suit the
   leader holds loses to it. In a suit S the trick is the other side's when one of its seats
   holds a card beating whatever the leader's side may play to S: the top card of S when it
   holds S (and no seat of the leader's side out of S holds a trump), or, out of S, a trump
   above those of the leader's side's seats out of S. It then takes at least that card's
   points, the leader's cheapest card of S and every other seat's cheapest legal card.
   Return -1 when some suit is not lost that way, and add the winning cards to `rel`. Not
   with jokers. */
static inline __attribute__((always_inline)) int lost_lead_points_b(const Ctx *c, int leader, uint64_t *rel,
                                                              const int sp) {
    if (C_JOKERS != JOKERS_NONE) return -1;
    int tb = c->trump_block, mine = on_team(c, leader), least = BIG;
    uint64_t trumps = tb >= 0 ? c->block_mask[tb] : 0, wins = 0;
    for (int b = 0; b < C_NBLOCKS; b++) {
        uint64_t bm = c->block_mask[b];
        if (!(c->hand[leader] & bm)) continue;
        /* The best card of the leader's side for S: its top card of S, and the top trump
           of a seat out of S. */
        uint64_t side_suit = 0, side_ruff = 0;
        for (int s = 0; s < C_NSEATS; s++) {
            if (!c->hand[s] || on_team(c, s) != mine) continue;
            side_suit |= c->hand[s] & bm;
            if (!(c->hand[s] & bm) && b != tb) side_ruff |= c->hand[s] & trumps;
        }
        int best = -1, best_card = -1;
        for (int d = 0; d < C_NSEATS; d++) {
            if (!c->hand[d] || on_team(c, d) == mine) continue;
            int w;
            if (c->hand[d] & bm) {
                w = highest(c->hand[d] & bm);
                if (side_ruff || w < highest(side_suit)) continue;
            } else {
                if (b == tb || !(c->hand[d] & trumps)) continue;
                w = highest(c->hand[d] & trumps);
                if (side_ruff && w < highest(side_ruff)) continue;
            }
            int pts = c->points[w] + cheapest_points(c, c->hand[leader] & bm, 1);
            for (int s = 0; s < C_NSEATS; s++) {
                if (s == leader || s == d || !c->hand[s]) continue;
                uint64_t follow = c->hand[s] & bm;
                pts += cheapest_points(c, follow ? follow : c->hand[s], 1);
            }
            if (pts > best) {
                best = pts;
                best_card = w;
            }
        }
        if (best < 0) return -1;
        if (best < least) least = best;
        wins |= 1ULL << best_card;
    }
    if (least == BIG) return -1;
    *rel |= wins;
    return least;
}
static int lost_lead_points(const Ctx *c, int leader, uint64_t *rel) {
    return lost_lead_points_b(c, leader, rel, 0);
}
static __attribute__((noinline)) int lost_lead_points_sk(const Ctx *c, int leader, uint64_t *rel) {
    return lost_lead_points_b(c, leader, rel, 2);
}

/* The tricks seat `o`, holding the top card of a block whose held cards are `m`, cashes
   there when no opponent can ruff (as cashable counts them): its cards above every other
   seat's, or all of them when no other seat holds more cards of the block. Add to `rel`
   (unless NULL) the lowest card whose rank that count rests on. */
static int cash_block(const Ctx *c, int o, uint64_t m, uint64_t *rel) {
    uint64_t own = c->hand[o] & m, rest = m & ~own;
    int len = popcount64(own);
    if (!rest) return len;
    int k = popcount64(own & ~((2ULL << highest(rest)) - 1)), maxlen = most_rounds(c, o, m);
    if (k >= maxlen) {
        if (rel) *rel |= 1ULL << nth_lowest(own, len - maxlen);
        return len;
    }
    if (rel) *rel |= 1ULL << nth_lowest(own, len - k);
    return k;
}

/* Trick objectives without jokers: an upper bound on side_cash. In a block the side tops
   it takes no more rounds than its longer hand holds cards of it, and, in the count's
   play, each opponent keeps its highest card of the block until it plays its last one,
   so while an opponent holds the block every round counted needs a card of the side above
   that opponent's highest: no more rounds than those cards when they are fewer than the
   opponent's cards of the block. Ruffs only take from that. The sum stops once it reaches
   `need`. -1 (no count in turns) unless there is a trump suit and the opponents hold no
   trumps: elsewhere (no trumps, or opponents with trumps) the count cost more instructions
   than the nodes it saved (see the work log); quick_cap and quick_tricks use it only with
   SIDE_CASH_LEFT tricks left or more. */
/* The tricks left from which side_cash (and so side_cap) is tried: with fewer, the count
   costs more instructions than the nodes it saves (bridge 100 deals, value mode: from 8,
   6.31 M -> 6.26 M trick nodes and 21.53 G -> 21.37 G instructions; from 6, 6.24 M and
   21.52 G; always, 6.22 M and 21.73 G). */
enum { SIDE_CASH_LEFT = 8 };
static int side_cap(const Ctx *c, int leader, int need) {
    uint64_t held = all_held(c), side_cards = 0;
    int side = on_team(c, leader), cap = 0;
    for (int s = 0; s < MAXSEATS; s++) {
        if (on_team(c, s) == side) side_cards |= c->hand[s];
    }
    if (c->trump_block < 0 || (held & ~side_cards & c->block_mask[c->trump_block])) return -1;
    for (int b = 0; b < c->nblocks; b++) {
        uint64_t m = held & c->block_mask[b];
        if (!m || !((side_cards >> highest(m)) & 1)) continue;
        uint64_t ours = side_cards & m;
        int longest = 0;
        for (int s = 0; s < MAXSEATS; s++) {
            int len = popcount64(c->hand[s] & m);
            if (on_team(c, s) == side && len > longest) longest = len;
        }
        int most = longest;
        for (int s = 0; s < MAXSEATS; s++) {
            uint64_t o = c->hand[s] & m;
            if (!o || on_team(c, s) == side) continue;
            int tops = popcount64(ours & ~((2ULL << highest(o)) - 1));
            if (tops < popcount64(o) && tops < most) most = tops;
        }
        cap += most;
        if (cap >= need) break;
    }
    return cap;
}

/* An upper bound on quick_tricks (trick objectives), cheaper than cashable: cashable counts
   in a block only the cards of the seat holding its top card (its cards above every other
   seat's, or all of them when no other seat holds more cards of the block), fewer when
   ruffs threaten; and the leader's count and one partner's add up at most. The count in
   turns (side_cash) can take more; side_cap bounds it, worked out only when the rest falls
   short of `need`. */
static inline __attribute__((always_inline)) int quick_cap_b(const Ctx *c, int leader, int need,
                                                             const int sp) {
    uint64_t held = all_held(c);
    int side = on_team(c, leader), cap = 0;
    /* Each seat's count, and whether the leader can cross to it (holds a card of a block
       it tops): quick_tricks counts the leader's blocks plus at most one partner's, and
       a partner's only after such a crossing. */
    int seat_cap[MAXSEATS] = {0}, entry[MAXSEATS] = {0};
    for (int b = 0; b < C_NBLOCKS; b++) {
        uint64_t m = held & c->block_mask[b];
        if (!m) continue;
        int o = c->owner[highest(m)];
        if (on_team(c, o) != side) continue;
        /* cash_block's count or more: the seat's cards above every other seat's, or all
           of them unless they are fewer than a third of the others' (some other seat then
           holds more). */
        uint64_t own = c->hand[o] & m, rest = m & ~own;
        int len = popcount64(own);
        int k = rest ? popcount64(own & ~((2ULL << highest(rest)) - 1)) : len;
        seat_cap[o] += 3 * k < popcount64(rest) ? k : len;
        if (c->hand[leader] & m) entry[o] = 1;
    }
    int partner = 0;
    for (int s = 0; s < MAXSEATS; s++) {
        if (s != leader && entry[s] && seat_cap[s] > partner) partner = seat_cap[s];
    }
    cap = seat_cap[leader] + partner;
    if (cap < need && popcount64(c->hand[leader]) >= SIDE_CASH_LEFT && C_KIND == KIND_TRICKS &&
        C_JOKERS == JOKERS_NONE) {
        int more = side_cap(c, leader, need);
        if (more > cap) cap = more;
    }
    /* Beyond: the side's jokers, when the other side holds none (joker_tricks). */
    if (C_JOKERS == JOKERS_BEYOND) {
        uint64_t jokers = jokers_of(c, held);
        int ours = 0;
        for (int s = 0; s < MAXSEATS; s++) {
            uint64_t j = jokers_of(c, c->hand[s]);
            if (!j) continue;
            if (on_team(c, s) != side) return cap;
            ours += popcount64(j);
        }
        if (jokers) cap += ours;
    }
    return cap;
}
static int quick_cap(const Ctx *c, int leader, int need) {
    return quick_cap_b(c, leader, need, 0);
}
static __attribute__((noinline)) int quick_cap_sp(const Ctx *c, int leader, int need) {
    return quick_cap_b(c, leader, need, 1);
}
static __attribute__((noinline)) int quick_cap_sk(const Ctx *c, int leader, int need) {
    return quick_cap_b(c, leader, need, 2);
}

/* Quick tricks for the side on lead: what the leader can cash, or, for trick objectives,
   what a partner can cash after the leader crosses to it in a suit where the partner holds
   the top card (and no opponent can ruff that card), whichever is more. Partners are not
   tried once the count reaches `need` (it decides the window: their cards' ranks need not
   count). For card points, `need_pts` is the points that would decide the caller's window
   (0: count them all); a seat whose cashable points cannot reach it is counted short (see
   cashable), which changes no decision. */
/* Beyond: the tricks seat `s` wins with its jokers once it has cashed `cashed` suit tricks,
   when no other seat holds a joker (a joker lead is then won by the leader's joker): after
   a suit lead, one joker lead; all its jokers when it has no suit card left (the lock does
   not hold a hand of jokers only). For the tricks objective also one joker lead when the
   other jokers are all its partner's. None when the previous trick was a joker lead and the
   seat must lead a suit card first without a suit trick to cash. */
static int joker_tricks(const Ctx *c, int s, int cashed, int after_joker) {
    if (c->joker_mode != JOKERS_BEYOND) return 0;
    uint64_t mine = jokers_of(c, c->hand[s]);
    if (!mine) return 0;
    uint64_t others = jokers_of(c, all_held(c) & ~c->hand[s]);
    if (others) {
        /* Tricks objective: when the other jokers are all the partner's, the joker lead
           is still the side's (the last joker played is the leader's or the partner's);
           one lead only, since a partner's joker may take the lead over (20 full deals
           42.22 M -> 42.04 M nodes, seeds 20-39 46.15 M -> 45.60 M). */
        if (c->kind != KIND_TRICKS) return 0;
        for (int o = 0; o < MAXSEATS; o++) {
            if (on_team(c, o) != on_team(c, s) && jokers_of(c, c->hand[o])) return 0;
        }
        return cashed > 0 || !after_joker ? 1 : 0;
    }
    if (cashed >= popcount64(c->hand[s] & ~mine)) return popcount64(mine);
    return cashed > 0 || !after_joker ? 1 : 0;
}

/* Trick objectives without jokers: the leader's side cashing in turns. The leader cashes
   its winners (own_k[b] rounds of each block b, as cashable counted them, `own_rel` their
   ranks), crosses to a partner in a block it still holds whose top card that partner
   holds and no opponent can ruff, the partner cashes its winners (the crossing trick
   first), crosses back the same way, and so on (at most four turns). Each turn is counted
   on the hands left after the turns before, so that a hand's cards under its partner's
   cashed winners count too (DDS's Kx opposite Ax and second-best cards at partner, and
   more). The turns are played out on the hands: the seat cashing plays its top cards of
   the block, every other seat holding the block its lowest (for an opponent the choice
   that leaves it the most: it keeps its highest cards, and it must follow), and a seat out
   of the block keeps its cards (an opponent's discard only shortens it: cashable lets no
   opponent holding trumps run out of a block it cashes, and the crossing block is one no
   opponent holding trumps is out of, so only opponents without trumps discard). A seat of
   the side out of the block discards too: it needs a card for each such round among the
   cards it never plays in the turns counted (those stay in its hand throughout). Return
   the most tricks so counted over more than one turn (0 if none; no more turns once
   `need` is reached) and add their ranks to `rel`; the hands are put back. */
static int side_cash(Ctx *c, int leader, int need, const int own_k[MAXBLOCKS], int own_total,
                     uint64_t own_rel, uint64_t *rel) {
    uint64_t saved[MAXSEATS], saved_held = c->held;
    memcpy(saved, c->hand, sizeof saved);
    int tb = c->trump_block, side = on_team(c, leader), x = leader, total = 0, best = 0;
    int voids[MAXSEATS] = {0}, k_of[MAXBLOCKS];
    uint64_t trumps = tb >= 0 ? c->block_mask[tb] : 0, sum_rel = own_rel, best_rel = 0;
    memcpy(k_of, own_k, sizeof k_of);
    int k = own_total;
    for (int turn = 0;; turn++) {
        total += k;
        for (int b = 0; b < c->nblocks; b++) {
            int r = k_of[b];
            if (!r) continue;
            uint64_t bm = c->block_mask[b];
            uint64_t own = c->hand[x] & bm;
            int n = popcount64(own);
            c->hand[x] &= ~(r >= n ? own : own & ~((1ULL << nth_lowest(own, n - r)) - 1));
            for (int s = 0; s < MAXSEATS; s++) {
                if (s == x || !saved[s]) continue;
                uint64_t f = c->hand[s] & bm;
                int len = popcount64(f);
                if (len <= r) {
                    c->hand[s] &= ~f;
                    if (on_team(c, s) == side) voids[s] += r - len;
                } else {
                    c->hand[s] &= ~(f & ((1ULL << nth_lowest(f, r)) - 1));
                }
            }
        }
        uint64_t held = 0;
        int ok = 1;
        for (int s = 0; s < MAXSEATS; s++) {
            held |= c->hand[s];
            if (voids[s] > popcount64(c->hand[s])) ok = 0;
        }
        c->held = held;
        if (!ok) break;
        if (turn && total > best) {
            best = total;
            best_rel = sum_rel;
        }
        if (turn == 3 || best >= need) break;
        /* The crossing to a partner. */
        int y = -1;
        uint64_t entry = 0;
        for (int p = 0; p < MAXSEATS && y < 0; p++) {
            if (p == x || !c->hand[p] || on_team(c, p) != side) continue;
            for (int b = 0; b < c->nblocks; b++) {
                uint64_t bm = c->block_mask[b];
                if (!(c->hand[x] & bm)) continue;
                int top = highest(held & bm);
                if (!((c->hand[p] >> top) & 1)) continue;
                int safe = 1;
                for (int s = 0; s < MAXSEATS && b != tb; s++) {
                    if (on_team(c, s) != side && (c->hand[s] & trumps) && !(c->hand[s] & bm)) safe = 0;
                }
                if (safe) {
                    y = p;
                    entry = 1ULL << top;
                    break;
                }
            }
        }
        if (y < 0) break;
        int pts;
        memset(k_of, 0, sizeof k_of);
        sum_rel |= entry;
        k = cashable(c, y, 0, &pts, &sum_rel, k_of);
        x = y;
    }
    memcpy(c->hand, saved, sizeof saved);
    c->held = saved_held;
    *rel |= best_rel;
    return best;
}

static inline __attribute__((always_inline)) int quick_tricks_b(const Ctx *c, int leader, int need,
                                                                int need_pts, int after_joker,
                                                                int *points, uint64_t *rel,
                                                                const int sp) {
    uint64_t best_rel = 0;
    int own_k[MAXBLOCKS] = {0};
    int best = SP(cashable)(c, leader, need_pts, points, &best_rel, own_k);
    int own_total = best;
    best += joker_tricks(c, leader, best, after_joker);
    uint64_t own_rel = best_rel;
    {
        uint64_t held = all_held(c);
        int tb = c->trump_block;
        uint64_t trumps = tb >= 0 ? c->block_mask[tb] : 0;
        for (int p = 0; p < C_NSEATS; p++) {
            if (best >= need) break;
            if (p == leader || !c->hand[p] || !on_team(c, p)  != !on_team(c, leader)) continue;
            uint64_t entry = 0;
            for (int b = 0; b < C_NBLOCKS && !entry; b++) {
                uint64_t bm = c->block_mask[b];
                if (C_JOKERS != JOKERS_NONE && b == c->joker_block) continue;
                if (!(c->hand[leader] & bm)) continue;
                int top = highest(held & bm);
                if (!((c->hand[p] >> top) & 1)) continue;
                int safe = 1;
                if (b != tb) {
                    for (int s = 0; s < C_NSEATS; s++) {
                        if (on_team(c, s) != on_team(c, leader) && (c->hand[s] & trumps) &&
                            !(c->hand[s] & bm)) {
                            safe = 0;
                        }
                    }
                }
                if (safe) entry = 1ULL << top;
            }
            if (!entry) continue;
            int pts, part_k[MAXBLOCKS] = {0};
            uint64_t prel = entry;
            int ks = SP(cashable)(c, p, need_pts, &pts, &prel, part_k);
            int k = ks + joker_tricks(c, p, ks, 0); /* the crossing trick was a suit lead */
            if (C_KIND == KIND_POINTS ? pts > *points : k > best) {
                best = k;
                *points = pts;
                best_rel = prel;
            }
            /* (Only the partner's suit tricks: its jokers may be needed as discards.) */
            if (C_KIND != KIND_POINTS && own_total && ks) {
                /* The leader cashes its own winners first, keeping a card of the entry
                   suit, then crosses: the partner follows to the leader's winners (it is
                   below them) and discards from its spare cards when void; the
                   opponents who could ruff follow suit throughout (the counts are
                   limited by their lengths), so the partner's counts still hold. */
                int need = 0, spare = popcount64(c->hand[p]);
                for (int b = 0; b < C_NBLOCKS; b++) {
                    int lp = popcount64(c->hand[p] & c->block_mask[b]);
                    if (own_k[b]) {
                        if (own_k[b] > lp) need += own_k[b] - lp;
                        spare -= lp;
                    }
                    spare -= part_k[b];
                }
                /* Beyond: the leader must not be forced to ruff the partner's winners
                   either (see cashable): it needs a card other than a trump for each of
                   them after its own cashes. */
                int leader_spare = popcount64(c->hand[leader] & ~trumps) - own_total;
                if (C_JOKERS == JOKERS_BEYOND && (c->hand[leader] & trumps) && leader_spare < ks) {
                    need = spare + 1;
                }
                if (need <= spare && own_total + ks > best) {
                    best = own_total + ks;
                    best_rel = own_rel | prel;
                }
            }
        }
        /* Trick objectives without jokers: the side cashing in turns (side_cash). */
        if (best < need && popcount64(c->hand[leader]) >= SIDE_CASH_LEFT && C_KIND == KIND_TRICKS &&
            C_JOKERS == JOKERS_NONE &&
            side_cap(c, leader, need) >= need) {
            uint64_t srel = 0;
            int k = side_cash((Ctx *)c, leader, need, own_k, own_total, own_rel, &srel);
            if (k > best) {
                best = k;
                best_rel = srel;
            }
        }
    }
    *rel |= best_rel;
    return best;
}
static int quick_tricks(const Ctx *c, int leader, int need, int need_pts, int after_joker,
                        int *points, uint64_t *rel) {
    return quick_tricks_b(c, leader, need, need_pts, after_joker, points, rel, 0);
}
static __attribute__((noinline)) int quick_tricks_sp(const Ctx *c, int leader, int need,
                                                     int need_pts, int after_joker, int *points,
                                                     uint64_t *rel) {
    return quick_tricks_b(c, leader, need, need_pts, after_joker, points, rel, 1);
}
static __attribute__((noinline)) int quick_tricks_sk(const Ctx *c, int leader, int need,
                                                     int need_pts, int after_joker, int *points,
                                                     uint64_t *rel) {
    return quick_tricks_b(c, leader, need, need_pts, after_joker, points, rel, 2);
}

static uint64_t trick_cards(const Trick *t) {
    return t->cards;
}

/* The strongest card `s` can put on the trick (strength() order, 0: none can win): its best
   card of the suit led when it must follow, else its best trump. Without jokers only. */
static int best_play(const Ctx *c, const Trick *t, int s, int *card) {
    uint64_t follow = c->hand[s] & c->block_mask[t->lead_block];
    uint64_t m = follow;
    if (!m && c->trump_block >= 0) m = c->hand[s] & c->block_mask[c->trump_block];
    if (!m) return 0;
    *card = highest(m);
    return strength(c, *card, t->lead_block);
}

/* Mid-trick, without jokers: which side surely wins the current trick? The side of the
   strongest card among the one winning so far and the best card each seat still to play
   (`seat` and those after it) can put on it (a seat void in the suit led ruffs): the
   seat holding it plays it, and nothing the other side holds beats it. Return that side
   (on_team value; -1 when no card can win, which cannot happen once a suit is led), with
   the seat and card that win, and add that card to `rel` when its rank was compared with
   a card of its own block. */
static inline __attribute__((always_inline)) int trick_taker_b(const Ctx *c, const Trick *t,
                                                               int seat, uint64_t *rel, int *taker,
                                                               int *tcard, const int sp) {
    if (t->lead_block < 0) {
        /* Beyond joker lead: the last of the seats still to play that holds a joker takes
           the trick with it, else the last joker played takes it. Jokers have no ranks to
           pin. */
        *taker = t->seat[t->win];
        *tcard = t->card[t->win];
        int s = seat;
        for (int i = t->n; i < C_NACTIVE; i++, s = c->next[s]) {
            uint64_t mine = jokers_of(c, c->hand[s]);
            if (mine) {
                *taker = s;
                *tcard = lowest(mine);
            }
        }
        return on_team(c, *taker);
    }
    int bcard = t->card[t->win], bseat = t->seat[t->win];
    int best = strength(c, bcard, t->lead_block);
    /* The cards the winning card is compared with: those on the trick and the best card
       of every other seat still to play (a partner's too: which seat wins decides who
       leads next). */
    uint64_t seen = trick_cards(t);
    int s = seat;
    for (int i = t->n; i < C_NACTIVE; i++, s = c->next[s]) {
        int card = -1;
        int st = best_play(c, t, s, &card);
        if (!st) continue;
        seen |= 1ULL << card;
        if (st > best) {
            best = st;
            bcard = card;
            bseat = s;
        }
    }
    if (!best) return -1;
    /* Its rank counts if it beat a card of its own block (as when the trick ends, see
       play). */
    if (seen & ~(1ULL << bcard) & c->block_mask[c->block_of[bcard]]) *rel |= 1ULL << bcard;
    *taker = bseat;
    *tcard = bcard;
    return on_team(c, bseat);
}
static int trick_taker(const Ctx *c, const Trick *t, int seat, uint64_t *rel, int *taker,
                       int *tcard) {
    return trick_taker_b(c, t, seat, rel, taker, tcard, 0);
}
static __attribute__((noinline)) int trick_taker_sp(const Ctx *c, const Trick *t, int seat,
                                                    uint64_t *rel, int *taker, int *tcard) {
    return trick_taker_b(c, t, seat, rel, taker, tcard, 1);
}
static __attribute__((noinline)) int trick_taker_sk(const Ctx *c, const Trick *t, int seat,
                                                    uint64_t *rel, int *taker, int *tcard) {
    return trick_taker_b(c, t, seat, rel, taker, tcard, 2);
}

/* If the bounds lo..hi decide the window alpha..beta, add to *rel the cards the deciding
   bound rests on (both, when they meet), set *value and return 1. */
/* Keep the larger (raise_to) or smaller (lower_to) of a bound and `v`, with the cards whose
   ranks the kept one rests on. */
static void raise_to(int v, uint64_t vrel, int *bound, uint64_t *bound_rel) {
    if (v > *bound) {
        *bound = v;
        *bound_rel = vrel;
    }
}

static void lower_to(int v, uint64_t vrel, int *bound, uint64_t *bound_rel) {
    if (v < *bound) {
        *bound = v;
        *bound_rel = vrel;
    }
}

/* Mid-trick bound for trick objectives: the side sure to win the current trick (`side`,
   with `taker` playing `tcard`, see trick_taker) gets it, and then, with the cards each of
   its seats has left after this trick (the winning card played; a seat that must play a
   trump plays its lowest):
   - when the other side holds no trumps, the seat that wins (unless a partner void in the
     suit led holding only trumps must ruff over it) cashes what it can; the others' cards
     can only get fewer;
   - each of its seats' sure trumps against the other side's trumps, the better count.
   The later tricks are counted only when the trick alone is fewer than `need`. Return
   the tricks the side is sure of from here and add the cards they rest on to `rel`. */
static inline __attribute__((always_inline)) int mid_trick_sure_b(Ctx *c, const Trick *t, int seat,
                                                                  int side, int taker, int tcard,
                                                                  int need, uint64_t *rel,
                                                                  const int sp) {
    if (need <= 1) return 1;
    int tb = c->trump_block;
    uint64_t trumps = tb >= 0 ? c->block_mask[tb] : 0;
    /* A Beyond joker lead has no suit to follow (and no trump beats it). */
    uint64_t lead = t->lead_block >= 0 ? c->block_mask[t->lead_block] : 0;
    uint64_t opp_trumps = 0;
    int most = 0; /* the most trumps one of the side's seats holds */
    for (int s = 0; s < MAXSEATS; s++) {
        uint64_t tr = c->hand[s] & trumps;
        if (on_team(c, s) != side) {
            opp_trumps |= tr;
        } else if (popcount64(tr) > most) {
            most = popcount64(tr);
        }
    }
    int cash = !opp_trumps && popcount64(c->hand[taker] & ~(1ULL << tcard)) >= need - 1;
    if (!cash && most < need - 1) return 1;
    if (cash && most < need - 1) {
        /* Before changing the hands: the taker cashes at most its cards of the blocks whose
           highest card (the winning card left out) it or a partner holds. */
        uint64_t rest = all_held(c) & ~(1ULL << tcard);
        int cap = 0;
        for (int b = 0; b < C_NBLOCKS && cap < need - 1; b++) {
            uint64_t m = rest & c->block_mask[b];
            if (!m || b == c->joker_block || on_team(c, c->owner[highest(m)]) != side) continue;
            cap += popcount64(c->hand[taker] & m);
        }
        if (cap < need - 1) return 1;
    }
    /* The side's hands after this trick. */
    uint64_t saved[MAXSEATS];
    memcpy(saved, c->hand, sizeof saved);
    int s = seat, unplayed = 0; /* the side's seats still to play a card other than a trump */
    for (int i = t->n; i < C_NACTIVE; i++, s = c->next[s]) {
        if (on_team(c, s) != side) continue;
        uint64_t h = c->hand[s];
        if (s == taker) {
            c->hand[s] &= ~(1ULL << tcard);
        } else if ((h & trumps) && (!(h & lead) ? !(h & ~trumps) : t->lead_block == tb)) {
            if (!(h & lead) && t->lead_block >= 0 && !((1ULL << tcard) & trumps)) cash = 0;
            c->hand[s] &= ~(1ULL << lowest(h & trumps));
        } else {
            unplayed |= 1 << s;
        }
    }
    int later = 0;
    uint64_t lrel = 0;
    if (cash) {
        /* No opponent holds trumps: the taker cashes what cashable would count, block by
           block without ruffs (no jokers here either). Counting stops once it is enough:
           the blocks not counted then pin no ranks. */
        uint64_t held = c->hand[0] | c->hand[1] | c->hand[2] | c->hand[3];
        /* Beyond: a partner of the taker holding trumps must not run out of other cards
           (it would have to ruff and take the lead, see cashable). */
        int spare = BIG;
        for (int p = 0; p < MAXSEATS && C_JOKERS == JOKERS_BEYOND; p++) {
            if (p == taker || on_team(c, p) != side || !(c->hand[p] & trumps)) continue;
            int n2 = popcount64(c->hand[p] & ~trumps) - ((unplayed >> p) & 1);
            if (n2 < spare) spare = n2;
        }
        for (int b = 0; b < C_NBLOCKS && later < need - 1; b++) {
            if (b == c->joker_block) continue; /* Beyond: jokers do not win suit leads */
            uint64_t m = held & c->block_mask[b];
            if (m && ((c->hand[taker] >> highest(m)) & 1)) later += cash_block(c, taker, m, &lrel);
        }
        if (later > spare) later = spare; /* no opponent trumps: none is the trump block's */
    }
    if (tb >= 0 && later < need - 1 && most >= need - 1) {
        for (int s2 = 0; s2 < MAXSEATS; s2++) {
            if (on_team(c, s2) != side || !c->hand[s2]) continue;
            uint64_t trel = 0;
            int k = SP(sure_trumps)(c, s2, opp_trumps, 0, &trel);
            raise_to(k, trel, &later, &lrel);
        }
    }
    memcpy(c->hand, saved, sizeof saved);
    *rel |= lrel;
    return 1 + later;
}
static int mid_trick_sure(Ctx *c, const Trick *t, int seat, int side, int taker, int tcard,
                          int need, uint64_t *rel) {
    return mid_trick_sure_b(c, t, seat, side, taker, tcard, need, rel, 0);
}
static __attribute__((noinline)) int mid_trick_sure_sp(Ctx *c, const Trick *t, int seat, int side,
                                                       int taker, int tcard, int need,
                                                       uint64_t *rel) {
    return mid_trick_sure_b(c, t, seat, side, taker, tcard, need, rel, 1);
}
static __attribute__((noinline)) int mid_trick_sure_sk(Ctx *c, const Trick *t, int seat, int side,
                                                       int taker, int tcard, int need,
                                                       uint64_t *rel) {
    return mid_trick_sure_b(c, t, seat, side, taker, tcard, need, rel, 2);
}

static int trick_gain(const Ctx *c, const Trick *t, int winner) {
    if (!on_team(c, winner) || c->kind == KIND_EXACT) return 0;
    if (c->kind == KIND_TRICKS) return 1;
    int sum = 0;
    for (int i = 0; i < t->n; i++) sum += c->points[t->card[i]];
    return sum;
}


static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Called every CHECK_EVERY nodes: stop the search (a jump back to Engine_solve, which
   discards the position; the table keeps only entries of finished subtrees) when the node
   budget is spent, the deadline has passed, or a Python signal handler raised (Celery's
   soft time limit, Ctrl-C). The GIL is taken only for that last look, in the main thread,
   at most every SIGNAL_SECONDS. */
static __attribute__((noinline)) void budget_check(Ctx *c) {
    c->check_at = c->nodes + CHECK_EVERY;
    if (c->max_nodes) {
        if (c->nodes > c->max_nodes) c->stopped = STOP_NODES;
        if (c->check_at > c->max_nodes + 1) c->check_at = c->max_nodes + 1;
    }
    if (!c->stopped && (c->deadline > 0 || c->check_signals)) {
        double now = now_seconds();
        if (c->deadline > 0 && now >= c->deadline) {
            c->stopped = STOP_TIME;
        } else if (c->check_signals && now >= c->next_signals) {
            c->next_signals = now + SIGNAL_SECONDS;
            PyEval_RestoreThread(c->thread_state);
            int raised = PyErr_CheckSignals();
            c->thread_state = PyEval_SaveThread();
            if (raised < 0) c->stopped = STOP_SIGNAL;
        }
    }
    if (c->stopped) longjmp(*c->abort_to, 1);
    if (c->cap_at) {
        if (c->nodes >= c->cap_at) longjmp(*c->cap_to, 1);
        if (c->check_at > c->cap_at) c->check_at = c->cap_at;
    }
}

static int search(Ctx *c, const Trick *t, int seat, int alpha, int beta, uint64_t *rel);
static int search_sp(Ctx *c, const Trick *t, int seat, int alpha, int beta, uint64_t *rel);
static int search_sk(Ctx *c, const Trick *t, int seat, int alpha, int beta, uint64_t *rel);
static int search_gen(Ctx *c, const Trick *t, int seat, int alpha, int beta, uint64_t *rel);

/* Return the value after `seat` plays `card` (fail-soft in the window alpha..beta); add to
   `rel` the cards whose rank the answer depended on. Inlined into search: a call per node
   cost more than the copies. `sp`: which search it calls (see shape_of: 1 only when
   is_bridge(c), 2 only when is_skat(c)). */
/* Put `card` of `seat` on the trick `nt` (the suit led, who is winning, the count); `named`
   is the suit named with a 500 joker lead, else -1. The hands are left as they are. */
static inline __attribute__((always_inline)) void trick_push(const Ctx *c, Trick *nt, int seat,
                                                             int card, int named, int sp) {
    if (nt->n == 0) {
        int b = c->block_of[card];
        if (named >= 0) {
            nt->lead_block = (int8_t)named;
        } else if (C_JOKERS == JOKERS_BEYOND && b == c->joker_block) {
            nt->lead_block = -1;
        } else {
            nt->lead_block = (int8_t)b;
        }
    }
    nt->seat[nt->n] = (int8_t)seat;
    nt->card[nt->n] = (int8_t)card;
    nt->cards |= 1ULL << card;
    if (nt->n == 0) {
        nt->win = 0;
    } else if (beats(c, nt, card, nt->card[nt->win])) {
        nt->win = nt->n;
    }
    nt->n++;
}

/* `child_base`: the cut_base of the trick after the card (bridge copy, inside a trick). */
static inline __attribute__((always_inline)) int play(Ctx *c, const Trick *t, int seat, int card,
                                                      int named, int alpha, int beta,
                                                      uint64_t *rel, uint64_t child_base, int sp) {
    uint64_t bit = 1ULL << card;
    assert(c->hand[seat] & bit);
    Trick nt = *t;
    trick_push(c, &nt, seat, card, named, sp);
    nt.cut_base = child_base;
    c->hand[seat] ^= bit;
    c->held ^= bit;
    c->held_points -= c->points[card];
    int value;
    if (nt.n < C_NACTIVE) {
        value = SEARCH(c, &nt, c->next[seat], alpha, beta, rel);
    } else {
        int wi = nt.win;
        int winner = nt.seat[wi];
        int wcard = nt.card[wi];
        /* The winner's rank mattered only if it beat a card of its own block. */
        for (int i = 0; i < nt.n; i++) {
            if (i != wi && c->block_of[nt.card[i]] == c->block_of[wcard]) {
                *rel |= 1ULL << wcard;
                break;
            }
        }
        Trick next = {0};
        next.lead_block = -1;
        /* The lock after a joker lead binds only a leader holding jokers and other cards:
           for any other leader the position is the same without it (one table entry, one
           cutoff memory). */
        if (C_JOKERS == JOKERS_BEYOND && nt.lead_block < 0) {
            uint64_t wj = jokers_of(c, c->hand[winner]);
            next.after_joker = wj && (c->hand[winner] & ~wj);
        }
        if (C_KIND == KIND_EXACT && c->need[winner] >= 0) {
            c->need[winner]--;
            value = c->need[winner] < 0 ? 0 : SEARCH(c, &next, winner, alpha, beta, rel);
            c->need[winner]++;
        } else if (C_KIND != KIND_EXACT && C_JOKERS == JOKERS_NONE &&
                   popcount64(c->held) == C_NACTIVE) {
            /* One card each left: the last trick is forced, so it is scored here (one node,
               as the search would count its start). */
            if (__builtin_expect(++c->nodes >= c->check_at, 0)) budget_check(c);
            c->trick_nodes++;
            int gain = trick_gain(c, &nt, winner);
            if (C_KIND == KIND_TRICKS && (alpha - gain >= 1 || beta - gain <= 0)) {
                /* Tricks: a window the last trick cannot change is decided on no rank, as
                   the static bounds at its start decide it (bridge 10 deals: -0.3 % trick
                   nodes). Card points keep the exact value, a tighter fail-soft bound
                   (Skat: 150 deals +0.2 % nodes, quiz bands +0.8 % with the bound). */
                value = alpha - gain >= 1 ? gain + 1 : gain;
            } else {
                int s = winner, lead = -1, w = 0, ws = 0;
                int lseat[MAXSEATS] = {0}, lcard[MAXSEATS] = {0};
                for (int i = 0; i < C_NACTIVE; i++, s = c->next[s]) {
                    int lc = lowest(c->hand[s]);
                    if (i == 0) lead = c->block_of[lc];
                    lseat[i] = s;
                    lcard[i] = lc;
                    int st = strength(c, lc, lead);
                    if (st > ws) {
                        ws = st;
                        w = i;
                    }
                }
                /* Nothing follows, so only the winning side counts: the winner's rank
                   matters only if it beat a card of its own block of the other side. */
                int wside = on_team(c, lseat[w]);
                for (int i = 0; i < C_NACTIVE; i++) {
                    if (on_team(c, lseat[i]) != wside &&
                        c->block_of[lcard[i]] == c->block_of[lcard[w]]) {
                        *rel |= 1ULL << lcard[w];
                        break;
                    }
                }
                int last = 0;
                if (wside) {
                    last = C_KIND == KIND_POINTS ? c->held_points : 1;
                }
                value = gain + last;
            }
        } else {
            int gain = trick_gain(c, &nt, winner);
            value = gain + SEARCH(c, &next, winner, alpha - gain, beta - gain, rel);
        }
    }
    c->hand[seat] ^= bit;
    c->held ^= bit;
    c->held_points += c->points[card];
    return value;
}

/* Return the card of the same hand that `card` is equivalent to (the next card still in
   play above it, when the same hand may play it), or -1. */
static inline __attribute__((always_inline)) int higher_twin_b(const Ctx *c, uint64_t in_play,
                                                               uint64_t moves, int card,
                                                               const int sp) {
    int b = c->block_of[card];
    uint64_t above_mask = c->block_mask[b] & ~((2ULL << card) - 1);
    if (C_JOKERS == JOKERS_BEYOND && b == c->joker_block) {
        /* Beyond jokers have no rank among themselves. */
        uint64_t up = moves & above_mask;
        return up ? lowest(up) : -1;
    }
    uint64_t above = in_play & above_mask;
    if (!above) return -1;
    int next = lowest(above);
    if (!((moves >> next) & 1)) return -1;
    if (C_KIND == KIND_POINTS && c->points[next] != c->points[card]) return -1;
    return next;
}
static int higher_twin(const Ctx *c, uint64_t in_play, uint64_t moves, int card) {
    return higher_twin_b(c, in_play, moves, card, 0);
}

/* Bridge-shaped solves keep the cutoff memory otherwise: 4-byte slots (the check word's
   generation and hash bits, CUT_CARD_BITS for the card), grouped so that the situations
   that differ only in the rank of the last card on the trick (siblings that differ in
   their parent's card of one suit) share a group of CUT_GROUP slots, one cache line,
   picked by the hand to play, the trick's other cards and the last card's block; the last
   card's rank picks the slot inside it. So a node can load its children's slots before it
   searches them (cut_group_prefetch), and siblings read the same line. The first
   2^CUT_BITS_SP * 4 bytes of the memory (512 KB, as many as the 2^CUT_BITS_LOW 8-byte
   slots of the other games) are used. */
static inline __attribute__((always_inline)) uint64_t cut_group_base(const Ctx *c,
                                                                     uint64_t others, int seat) {
    return mix(c->hand[seat] ^ mix(others ^ ((uint64_t)seat << 62)));
}
/* The block moves the group by an odd step, so a node's children of different blocks
   take different groups (their hash differs in the high bits too). */
static inline __attribute__((always_inline)) uint64_t cut_group_hash(uint64_t base, int block) {
    return base + (uint64_t)(block + 1) * 0x9e3779b97f4a7c15ULL;
}
static inline __attribute__((always_inline)) uint32_t *cut_group(const Ctx *c, uint64_t g) {
    return (uint32_t *)c->tt->cuts +
           (g & (((uint64_t)1 << CUT_BITS_SP) / CUT_GROUP - 1)) * CUT_GROUP;
}
/* Load the groups of the slots of a node's children (bridge-shaped solves, see
   cut_group_hash) when they are inside the trick, `base` being their cut_group_base: at a
   trick start the group of every suit the leader holds, inside a trick the group of the
   suit led when the node holds it, else (a discard or a ruff) of every suit it holds. */
static inline __attribute__((always_inline)) void cut_group_prefetch(const Ctx *c, const Trick *t,
                                                                     int seat, uint64_t base) {
    if (t->n == 0 || t->lead_block < 0 || !(c->hand[seat] & c->block_mask[t->lead_block])) {
        for (int b = 0; b < 4; b++) {
            if (c->hand[seat] & c->block_mask[b]) prefetch(cut_group(c, cut_group_hash(base, b)));
        }
        return;
    }
    prefetch(cut_group(c, cut_group_hash(base, t->lead_block))); /* it holds the suit led */
}

/* The cutoff memory's slot and check word for a play inside a trick (or at its start). */
static inline __attribute__((always_inline)) void *cut_slot(const Ctx *c, const Trick *t, int seat,
                                                            uint64_t *check, int sp) {
    if (sp == 1) {
        /* Grouped by the trick's cards but the last and the last card's block
           (cut_group_hash); at a trick start the hash picks the slot too. */
        int last = t->n ? t->card[t->n - 1] : -1;
        int b = t->n ? c->block_of[last] : -1;
        uint64_t g = cut_group_hash(t->n ? t->cut_base : cut_group_base(c, t->cards, seat), b);
        int in = t->n ? last - c->block_start[b] : (int)(g >> 24) & (CUT_GROUP - 1);
        *check = ((uint64_t)(c->tt->gen & ((1u << CUT_GEN_BITS) - 1))
                      << (32 - CUT_GEN_BITS) |
                  (g >> (32 + CUT_GEN_BITS + CUT_CARD_BITS)) << CUT_CARD_BITS) &
                 ~(uint64_t)((1u << CUT_CARD_BITS) - 1) & 0xffffffffu;
        return cut_group(c, g) + in;
    }
    uint64_t h = mix(c->hand[seat] ^ mix(trick_cards(t) ^ ((uint64_t)seat << 62)));
    if (C_KIND == KIND_EXACT && C_JOKERS == JOKERS_BEYOND) {
        /* Beyond's targets: the targets still wanted too. The same hand and trick call for
           another card when a seat of the team has its number than when it still needs
           tricks. With them, the situations are several times as many, and all
           2^CUT_BITS slots pay (the bench's 50 deals with declarations: 558.3 M ->
           552.9 M nodes with the targets in 2^16 slots, 543.9 M in 2^18, 535.1 M in 2^20;
           see the work log). */
        uint64_t x = 0;
        for (int s = 0; s < MAXSEATS; s++) x = x << 5 | (uint64_t)(c->need[s] + 1);
        h = mix(h ^ x * 0x9e3779b97f4a7c15ULL);
    }
    *check = (uint64_t)(c->tt->gen & 0xffffffu) << 40 | (h >> 32) << 8;
    /* (Beyond's tricks, which the root's probe of the targets also runs: 10 bench deals
       49.3 M -> 47.9 M nodes with all slots.) */
    int bits = C_JOKERS == JOKERS_BEYOND ? CUT_BITS : CUT_BITS_LOW;
    return &c->tt->cuts[h & (((uint64_t)1 << bits) - 1)];
}

/* Score a lead: cashing a top card first, then leads towards partner's top cards. */
/* Lead scores are multiplied by LEAD_SCALE to leave room for a tie-break: the cards the
   opponents hold in a block, at most MAXBLOCKLEN < LEAD_SCALE. */
enum { LEAD_SCALE = 32 };
static inline __attribute__((always_inline)) int lead_score_b(const Ctx *c, int seat, int card,
                                                              uint64_t held, const int sp) {
    int b = c->block_of[card];
    uint64_t bm = c->block_mask[b];
    uint64_t in_suit = held & bm;
    int top = highest(in_suit);
    int rank = card - c->block_start[b];
    int mine = on_team(c, seat);
    int tb = c->trump_block;
    /* Can an opponent ruff this suit now, or a partner? And the best card of the suit
       held by the leader's partners and by the opponents. */
    int opp_ruffs = 0, partner_ruffs = 0, partner_best = -1, opp_best = -1, opp_len = 0;
    int opp_void = 0;
    for (int s = 0; s < C_NSEATS; s++) {
        if (s == seat || !c->hand[s]) continue;
        uint64_t m = c->hand[s] & bm;
        int friend = on_team(c, s) == mine;
        if (!friend) opp_len += popcount64(m);
        if (!friend && !m) opp_void = 1;
        if (m) {
            int h = highest(m);
            if (friend && h > partner_best) partner_best = h;
            if (!friend && h > opp_best) opp_best = h;
        } else if (tb >= 0 && b != tb && (c->hand[s] & c->block_mask[tb])) {
            if (friend) {
                partner_ruffs = 1;
            } else {
                opp_ruffs = 1;
            }
        }
    }
    int score;
    if (card == top) {
        score = opp_ruffs ? 40 : 300; /* cash a winner unless it can be ruffed */
        if (sp == 1 && !opp_ruffs) {
            /* Bridge copy: the second card of the suit, guarded, sits with the seat before
               the leader, and the leader's side holds the third: the top card played from
               this hand can never catch the second, which a lead from the partner's side
               could finesse. Such a cash comes after the leads towards partner and the
               finesses (80; see the work log, bproof33). */
            uint64_t rest = in_suit & ~(1ULL << top);
            int second = rest ? highest(rest) : -1;
            int rho = c->next[c->next[c->next[seat]]];
            if (tb < 0 && second >= 0 && on_team(c, c->owner[second]) != mine &&
                popcount64(c->hand[c->owner[second]] & bm) >= 3) {
                /* No trumps: the second card sits with an opponent holding three cards of
                   the suit or more: the cash makes that opponent's cards the top ones, a
                   long suit it can run. After the leads towards partner (60; see the work
                   log, bproof34). */
                score = 60;
            } else if (second >= 0 && c->owner[second] == rho && popcount64(c->hand[rho] & bm) > 1) {
                uint64_t rest3 = rest & ~(1ULL << second);
                if (rest3 && on_team(c, c->owner[highest(rest3)]) == mine) score = 80;
            }
        }
    } else {
        int owner = c->owner[top];
        int lho = c->next[seat];
        int friend_top = on_team(c, owner) == mine;
        uint64_t rest = in_suit & ~(1ULL << top);
        int second = rest ? highest(rest) : -1;
        int so = second >= 0 ? c->owner[second] : -1;
        if (opp_ruffs) {
            score = 30;
        } else if (partner_ruffs) {
            score = 220; /* give partner a ruff */
        } else if (friend_top && (owner != seat || partner_best > opp_best)) {
            score = 200; /* lead towards partner's winner */
            if (sp == 1 && owner != seat && so >= 0 && so != lho && on_team(c, so) != mine &&
                popcount64(c->hand[so] & bm) > 1) {
                /* Bridge copy: partner's top card with the second card behind it, at the
                   seat before the leader (not a singleton, as DDS weighs it), later.
                   Value mode, four samples of 100 deals: 27.01 M -> 26.60 M trick nodes,
                   fewer on three, one the same. */
                score -= 40;
            }
            if (sp == 1 && owner != seat && so == lho) {
                /* Bridge copy: a finesse, the second card with the next seat and the third
                   with partner, who holds the top card: ahead of the cashes (310). The
                   leader's entries, spent on cashes first, are what repeats it (see the
                   work log, bproof33). */
                uint64_t rest3 = rest & ~(1ULL << second);
                if (rest3 && c->owner[highest(rest3)] == owner) score = 310;
            }
        } else if (friend_top) {
            /* Under the leader's own top card, with nothing of partner's to win the trick:
               the trick goes to an opponent while the top card stays. */
            score = 45;
        } else if (owner == lho && C_NACTIVE == 4) {
            /* The next seat holds the top card: good when partner holds the second. */
            score = so >= 0 && so != seat && on_team(c, so) == mine ? 150 : 70;
        } else {
            score = 50; /* into the hand that holds the top card */
        }
        if (!friend_top) {
            /* An opponent's top card alone in its hand falls to this lead. */
            if (popcount64(c->hand[owner] & bm) == 1) score += 40;
            /* The leader's side holds the second and third cards, not the leader alone:
               once the top card is gone, the side wins the next round. */
            uint64_t rest3 = second >= 0 ? rest & ~(1ULL << second) : 0;
            int to = rest3 ? c->owner[highest(rest3)] : -1;
            if (to >= 0 && on_team(c, so) == mine && on_team(c, to) == mine &&
                !(so == seat && to == seat)) {
                score += 100;
            }
        }
        score -= rank;
    }
    if (sp == 1 && opp_void && !opp_ruffs) {
        /* Bridge copy: an opponent out of the suit (and unable to ruff) discards as it
           likes, each discard a subtree the side must refute: such a lead, a cash
           included, 250 lower (value 4.73 M -> 4.37 M trick nodes; see the work log,
           bproof33). */
        score -= 250;
    }
    if (sp == 1 && opp_len == 0) {
        /* Bridge copy: a lead in a suit the opponents hold none of comes last. Trumps: it
           wins no trick the trumps would not win anyway, and when a partner holds trumps
           it spends one of each hand of the side at once (a cross-ruff needs them apart;
           bench's 100 deals, value mode: 6.20 M -> 5.89 M trick nodes). Any suit: the
           opponents discard or ruff as they like, each choice a subtree to refute, while
           the side's winners there stay (value 5.44 M -> 5.32 M for trumps whoever holds
           them, then 5.01 M -> 4.73 M for every suit; see the work log, bproof33). */
        score = -rank;
    }
    if (C_KIND == KIND_POINTS && score < 300) score -= c->points[card];
    /* Between leads of equal score, the suit in which the opponents hold more cards first
       (measured: fewer nodes on bridge and Skat than the reverse or no preference). */
    return score * LEAD_SCALE + opp_len;
}

typedef struct {
    int wcard, friend_wins, last;
    int opp_s; /* the strongest card a later opponent may play (see strength()), 0 if none */
    int safe;  /* our side takes the trick whatever this seat plays */
    int partner_beats; /* a later partner can beat the opponent's winning card */
    int force; /* bridge copy, third seat: the last seat's second-best card of the suit led
                  (its strength), 0 if none */
} FollowInfo;

static inline __attribute__((always_inline)) int follow_score_b(const Ctx *c, const Trick *t,
                                                                const FollowInfo *f, int card,
                                                                const int sp) {
    int b = c->block_of[card];
    int rank = card - c->block_start[b];
    int pts = C_KIND == KIND_POINTS ? c->points[card] : 0;
    int trump = b == c->trump_block;
    int wins = beats(c, t, card, f->wcard);
    if (C_KIND != KIND_POINTS && !trump && t->lead_block >= 0 && b != t->lead_block) {
        /* A discard (tricks): from the longer suits first, where a card is less likely
           to be needed (not for card points: there the points decide). */
        rank -= 2 * popcount64(c->hand[c->owner[card]] & c->block_mask[b]);
    }
    /* Does the card take the trick whatever the later opponents play? */
    int sure = wins && (t->lead_block < 0 || strength(c, card, t->lead_block) > f->opp_s);
    if (f->safe || f->friend_wins) {
        /* Partner is winning now, or a later partner can beat every card still to come.
           When a later opponent can still beat partner's card, the cheapest card sure to
           beat it comes first (for card points, the one that carries the most points).
           When the trick is ours whatever this seat plays: over partner's winner low
           cards (for card points, the ones that give it points); ahead of partner's
           winner (tricks only) a cheap sure winner of our own, which keeps partner's top
           card, else low cards. */
        if (sure && (f->safe ? !f->friend_wins && C_KIND != KIND_POINTS : 1)) {
            return 290 + 3 * pts - rank;
        }
        if (wins) return 20 - rank;
        /* Let partner's card stand; give it points (one point weighs as one rank). */
        return 200 + pts - rank - (trump ? 30 : 0);
    }
    if (wins) {
        if (f->last) return 300 + 3 * pts - rank;
        /* Win as cheaply as possible when the card is sure to win (for card points,
           with the card that carries the most points). A winner that a later opponent
           may still beat: the cheapest first for tricks (it forces out their higher
           cards as well as a high one would, and keeps ours), the highest first for card
           points. */
        if (sure) return 290 + 3 * pts - rank;
        /* Second hand low: when partner can beat the card led, a winner that an
           opponent may still beat comes after the low cards. */
        if (f->partner_beats) return 40 - rank;
        /* Bridge copy, third seat: a card above all of the last seat's cards of the suit
           but its top one first, the cheapest of them: that seat must spend its top card
           (or let the trick go), where a cheaper card lets it win with its second. */
        if (sp == 1 && f->force && strength(c, card, t->lead_block) > f->force) return 270 - rank;
        return C_KIND == KIND_POINTS ? 250 + rank : 250 - rank;
    }
    /* Low cards: for card points the fewest points first, then the lowest. */
    return 100 - 16 * pts - rank - (trump ? 30 : 0);
}

/* The strongest card `seat` may play to the trick (see strength()), 0 if none can win. */
static int best_strength(const Ctx *c, const Trick *t, int seat) {
    uint64_t l = legal_mask(c, t, seat);
    int tb = c->trump_block;
    if (tb >= 0 && (l & c->block_mask[tb])) return 200 + highest(l & c->block_mask[tb]);
    if (l & c->block_mask[t->lead_block]) return 100 + highest(l & c->block_mask[t->lead_block]);
    return 0;
}

/* Card points: return a seat of the side sure to win this trick when `seat` plays `card`,
   whatever the later seats play, or -1 if it is not sure. It is sure when the mover is
   last, or when no later seat of the other side can beat the card winning after the
   mover's (then *wcard is that card: the claim rests on its rank; else -1). */
static inline __attribute__((always_inline)) int sure_winner_b(const Ctx *c, const Trick *t, int seat, int card,
                                                         int *wcard, const int sp) {
    int lead = t->n ? t->lead_block : c->block_of[card];
    int wc = card, wseat = seat;
    if (t->n && strength(c, t->card[t->win], lead) >= strength(c, card, lead)) {
        wc = t->card[t->win];
        wseat = t->seat[t->win];
    }
    *wcard = -1;
    if (t->n < C_NACTIVE - 1) {
        int ws = strength(c, wc, lead);
        uint64_t lead_mask = c->block_mask[lead];
        int p = c->next[seat];
        for (int i = t->n + 1; i < C_NACTIVE; i++, p = c->next[p]) {
            if (on_team(c, p) == on_team(c, wseat)) continue;
            /* Its strongest legal card: the top of the suit led, else its top trump. */
            uint64_t can = c->hand[p] & lead_mask;
            if (!can && c->trump_block >= 0) can = c->hand[p] & c->block_mask[c->trump_block];
            if (can && strength(c, highest(can), lead) > ws) return -1;
        }
        *wcard = wc;
    }
    return wseat;
}

/* Card points: a run of the mover's cards with no other card in play between them wins or
   loses this trick alike and is alike in every later trick (one can stand in for another
   there: only cards of other hands fall in the same trick), so the cards differ only in
   where their points go. Say x and y of the run, y worth d points more; playing x leaves y
   for later, where it adds d to the declarer's side at most once, when a trick of that side
   holds it. So when the trick is sure to go to the mover's side (sure_winner), the mover's
   side loses nothing by playing the run's richest card; when it is sure to go to the other
   side, by its poorest (the others are searched no better). Return the card of the run of
   `card` to play (the highest of equal worth), or -1 when the side is not sure; set *run to
   the run and *wcard as sure_winner does. Not with jokers (a Beyond joker may stand
   between and is played at any time). */
static inline __attribute__((always_inline)) int points_twin_b(const Ctx *c, const Trick *t, int seat,
                                                         uint64_t in_play, uint64_t legal, int card,
                                                         uint64_t *run, int *wcard, const int sp) {
    int wseat = sure_winner_b(c, t, seat, card, wcard, sp);
    if (wseat < 0) return -1;
    int b = c->block_of[card];
    uint64_t bm = c->block_mask[b], others = all_held(c) & ~legal & bm;
    /* Cards on the trick below the winning one decide nothing between the run's cards:
       those cannot beat it (the winning card bounds the run), or beat them all. */
    if (t->n) others |= (in_play & ~all_held(c) & bm) & ~((1ULL << t->card[t->win]) - 1);
    /* The run: the mover's legal cards of the block between the nearest other cards. */
    uint64_t above = others & ~((2ULL << card) - 1), below = others & ((1ULL << card) - 1);
    uint64_t span = bm;
    if (above) span &= (1ULL << lowest(above)) - 1;
    if (below) span &= ~((2ULL << highest(below)) - 1);
    *run = legal & span;
    int rich = on_team(c, wseat) == on_team(c, seat);
    int best = card;
    for (uint64_t m = *run; m; m &= m - 1) {
        int x = lowest(m), px = c->points[x], pb = c->points[best];
        if (rich ? px >= pb : px <= pb) best = x;
    }
    return best;
}

/* The seat of a one-seat team with exact targets whose target is already reached, else -1. */
static inline __attribute__((always_inline)) int avoid_seat_b(const Ctx *c, const int sp) {
    if (C_KIND != KIND_EXACT || popcount64((uint64_t)c->team_mask) != 1) return -1;
    int s = lowest((uint64_t)c->team_mask);
    return c->need[s] == 0 ? s : -1;
}

/* Move order when the team is one seat that must take no more tricks (a misère, or a
   piccolo once its trick is taken; `avoid` is that seat): the seat keeps out of tricks and
   the others try to force it in, so the trick-winning order is the wrong way round. The
   seat ducks with its highest card that loses, and leads the card the most opponents'
   cards can beat; an opponent keeps the trick's top card low while the seat has still to
   play (ducking with its highest card that does not win), never overtakes the seat's
   winning card, and leads low in the suits where the seat's lowest card is high. */
static int avoid_score(const Ctx *c, const Trick *t, int seat, int card, int avoid, uint64_t held) {
    int b = c->block_of[card];
    int rank = card - c->block_start[b];
    uint64_t bm = c->block_mask[b];
    if (t->n == 0) {
        uint64_t theirs = held & bm & ~c->hand[avoid];
        if (seat == avoid) {
            int above = popcount64(theirs & ~((2ULL << card) - 1));
            return above ? (100 + 4 * above - rank) * LEAD_SCALE : (50 - rank) * LEAD_SCALE;
        }
        uint64_t mine = c->hand[avoid] & bm;
        if (!mine) return (50 - rank) * LEAD_SCALE;
        int low = lowest(mine) - c->block_start[b];
        return (card < lowest(mine) ? 250 + 2 * low - rank : 150 + low - rank) * LEAD_SCALE;
    }
    int wins = beats(c, t, card, t->card[t->win]);
    if (seat == avoid) return wins ? 100 - rank : 200 + rank;
    int played = 0;
    for (int i = 0; i < t->n; i++) played |= t->seat[i] == avoid;
    if (played && t->seat[t->win] != avoid) return 200 + rank; /* the seat is out: dump */
    return wins ? 100 - rank : 200 + rank;
}

/* Beyond, exact targets, an opponent's move order once the root's first exact search has
   not finished (Ctx.push): the failure left to prove is then mostly that the team must
   take too many tricks, so the opponents push tricks on it. A lead in the suit where the
   team holds the most cards above all of the opponents' (they win its rounds unless
   ruffed), then of the card that the most of the team's cards of its suit beat
   (a joker lead, or a suit the team is out of, last, low first); following, a card that
   does not beat the trick so far, the highest of them first (they keep the trick low for
   the team and shed the cards that could win later), but a trump among them (under a
   higher ruff, or on a joker lead) after the others (the bench's 50 deals with
   declarations: see the work log, helper bexact33), then winners, low first. */
static int push_score(const Ctx *c, const Trick *t, int card) {
    int b = c->block_of[card];
    int rank = card - c->block_start[b];
    uint64_t bm = c->block_mask[b];
    if (t->n == 0) {
        uint64_t team = 0;
        for (int s = 0; s < MAXSEATS; s++) {
            if (on_team(c, s)) team |= c->hand[s];
        }
        uint64_t mine = team & bm;
        if (!mine || b == c->joker_block) return (50 - rank) * LEAD_SCALE;
        /* The team's cards above the card led, those above all the opponents' cards of
           the suit (which win its rounds unless ruffed) counting five times. */
        uint64_t theirs = all_held(c) & bm & ~team;
        uint64_t masters = theirs ? mine & ~((2ULL << highest(theirs)) - 1) : mine;
        int above = popcount64(mine & ~((2ULL << card) - 1));
        return (150 + 4 * popcount64(masters) + above - rank) * LEAD_SCALE;
    }
    if (beats(c, t, card, t->card[t->win])) return 100 - rank;
    return c->trump_block >= 0 && b == c->trump_block ? 200 + rank : 220 + rank;
}

#define NO_JSCORE (-1000000000)
/* Beyond, tricks objective: the order of a joker, and of every card on a joker lead;
   NO_JSCORE leaves the card to the usual order. A joker never wins a suit lead, so on one
   it comes after every other card (it is kept for the joker leads it can win). A joker
   lead while an opponent holds a joker loses the trick to the last joker: it comes after
   the leads that do not lose at once. On a joker lead the last joker played wins: a joker
   that no later opponent can overtake comes first (unless partner's joker wins already,
   then last), one that a later opponent can overtake before the other cards (it makes
   that opponent spend a joker); the other cards lowest first, trumps last. (20 full deals:
   117.97 M -> 45.00 M nodes, see the work log.) */
static int joker_tricks_score(const Ctx *c, const Trick *t, int seat, int card,
                              const FollowInfo *f) {
    int jb = c->joker_block;
    int is_joker = c->block_of[card] == jb;
    int mine = on_team(c, seat);
    uint64_t jm = c->block_mask[jb];
    if (t->n == 0) {
        if (!is_joker) return NO_JSCORE;
        for (int s = 0; s < MAXSEATS; s++) {
            if (on_team(c, s) != mine && (c->hand[s] & jm)) return 35 * LEAD_SCALE;
        }
        return NO_JSCORE;
    }
    if (t->lead_block >= 0) return is_joker ? -100 : NO_JSCORE;
    int later_opp_j = 0, s = seat;
    for (int k = t->n + 1; k < c->nactive; k++) {
        s = c->next[s];
        if (on_team(c, s) != mine && (c->hand[s] & jm)) later_opp_j = 1;
    }
    if (is_joker) {
        if (later_opp_j) return 150;
        return f->friend_wins ? -100 : 300;
    }
    int rank = card - c->block_start[c->block_of[card]];
    return 100 - rank - (c->block_of[card] == c->trump_block ? 30 : 0);
}

/* Fill `moves` (best first) and `twins` (pairs: a pruned card, then the card it copies);
   return the number of moves and set *ntwins. With `dominance` (not for the root's list
   of cards, whose values are all wanted) a card-point mover whose trick's side is sure
   keeps one card of each run (points_twin), and *dom_rel gets the runs of differing worth
   and the winning card: the choice rests on their ranks. */
static inline __attribute__((always_inline)) int gen_moves_b(const Ctx *c, const Trick *t, int seat,
                                                             Move *moves, int hint, int twins[][2],
                                                             int *ntwins, int dominance,
                                                             uint64_t *dom_rel, const int sp) {
    uint64_t legal = legal_mask_b(c, t, seat, sp);
    uint64_t held = all_held(c);
    uint64_t in_play = held | trick_cards(t);
    FollowInfo f = {0, 0, 0, 0, 0, 0, 0};
    if (t->n) {
        int wi = t->win;
        f.wcard = t->card[wi];
        f.friend_wins = on_team(c, t->seat[wi]) == on_team(c, seat);
        f.last = t->n == C_NACTIVE - 1;
        f.safe = f.friend_wins && f.last;
        if (!f.last && t->lead_block >= 0) {
            /* Who can still take the trick: the strongest card of each later seat. */
            int mine = on_team(c, seat), ours_s = 0, s = seat;
            for (int k = t->n + 1; k < C_NACTIVE; k++) {
                s = c->next[s];
                int bs = best_strength(c, t, s);
                if (on_team(c, s) != mine) {
                    if (bs > f.opp_s) f.opp_s = bs;
                } else if (bs > ours_s) {
                    ours_s = bs;
                }
            }
            int win_s = strength(c, f.wcard, t->lead_block);
            f.partner_beats = !f.friend_wins && ours_s > win_s;
            if (f.friend_wins && win_s > ours_s) ours_s = win_s;
            f.safe = ours_s > f.opp_s && (f.friend_wins || ours_s > win_s);
            if (sp == 1 && t->n == 2) {
                uint64_t m = c->hand[c->next[seat]] & c->block_mask[t->lead_block];
                if (m & (m - 1)) f.force = strength(c, highest(m & ~(1ULL << highest(m))), t->lead_block);
            }
        }
    }
    int n = 0;
    *ntwins = 0;
    int by_points = dominance && C_KIND == KIND_POINTS && C_JOKERS == JOKERS_NONE;
    int avoid = avoid_seat_b(c, sp);
    int push = 0;
    if (avoid < 0 && C_KIND == KIND_EXACT && C_JOKERS == JOKERS_BEYOND) {
        if (c->push && !on_team(c, seat)) {
            push = 1;
        } else if (!on_team(c, seat) || c->need[seat] == 0) {
            /* A seat of the team at its number: it and the opponents order their cards as
               for a seat that must take no more tricks (avoid_score). */
            for (int s = 0; s < MAXSEATS; s++) {
                if (c->need[s] == 0 && c->hand[s]) {
                    avoid = s;
                    break;
                }
            }
        }
    }
    uint64_t m = legal;
    while (m) {
        int card = lowest(m);
        m &= m - 1;
        int twin;
        uint64_t run;
        int wcard;
        twin = by_points ? points_twin_b(c, t, seat, in_play, legal, card, &run, &wcard, sp) : -1;
        if (twin < 0) {
            twin = higher_twin_b(c, in_play, legal, card, sp);
        } else if (twin == card) {
            twin = -1;
        } else if (c->points[twin] != c->points[card]) {
            *dom_rel |= run | (wcard >= 0 ? 1ULL << wcard : 0);
        }
        if (twin >= 0) {
            twins[*ntwins][0] = card;
            twins[*ntwins][1] = twin;
            (*ntwins)++;
            continue;
        }
        int b = c->block_of[card];
        if (t->n == 0 && C_JOKERS == JOKERS_NAMED && b == c->joker_block) {
            /* 500 joker lead: one move per named suit; suits no other seat holds are alike. */
            int empty_done = 0;
            uint64_t others = held & ~c->hand[seat];
            for (int nb = 0; nb < C_NBLOCKS; nb++) {
                if (nb == c->joker_block) continue;
                if (!(others & c->block_mask[nb])) {
                    if (empty_done) continue;
                    empty_done = 1;
                }
                moves[n].card = card;
                moves[n].named = nb;
                moves[n].score = 280 * LEAD_SCALE;
                n++;
            }
            continue;
        }
        moves[n].card = card;
        moves[n].named = -1;
        if (C_KIND == KIND_TRICKS && C_JOKERS == JOKERS_BEYOND) {
            int js = joker_tricks_score(c, t, seat, card, &f);
            if (js != NO_JSCORE) {
                moves[n].score = js;
                if (card == hint) moves[n].score += 1 << 20;
                n++;
                continue;
            }
        }
        if (C_KIND == KIND_EXACT && C_JOKERS == JOKERS_BEYOND && t->n == 0 && b == c->joker_block &&
            (push || avoid >= 0) && !on_team(c, seat)) {
            /* Beyond, exact targets: an opponent that pushes tricks on the team, or keeps
               a seat at its number in, leads its joker last: the joker lead is the
               opponents' trick unless the team overtakes it, a trick the team need not
               take (the bench's 50 deals with declarations: see the work log). */
            moves[n].score = -1000 * LEAD_SCALE;
            if (card == hint) moves[n].score += 1 << 20;
            n++;
            continue;
        }
        moves[n].score = push ? push_score(c, t, card)
                       : avoid >= 0 ? avoid_score(c, t, seat, card, avoid, held)
                       : t->n == 0 ? lead_score_b(c, seat, card, held, sp)
                                   : follow_score_b(c, t, &f, card, sp);
        if (card == hint) moves[n].score += 1 << 20;
        n++;
    }
    /* Insertion sort: at most 13 moves. */
    for (int i = 1; i < n; i++) {
        Move x = moves[i];
        int j = i - 1;
        while (j >= 0 && moves[j].score < x.score) {
            moves[j + 1] = moves[j];
            j--;
        }
        moves[j + 1] = x;
    }
    if (C_KIND == KIND_EXACT && C_JOKERS == JOKERS_BEYOND && on_team(c, seat)) {
        /* Beyond, exact targets: nearly every node of the team fails (each of its cards is
           refuted), and once a card is refuted on no rank of its block at or below it, the
           lower cards of the block are skipped (rank relevance, in search). So each
           block's cards come highest first, in the places of the list the order gave that
           block: a refuted high card then spares the most cards below it. */
        for (int i = 0; i < n; i++) {
            int bi = c->block_of[moves[i].card];
            for (int j = i + 1; j < n; j++) {
                if (c->block_of[moves[j].card] == bi && moves[j].card > moves[i].card) {
                    Move x = moves[i];
                    moves[i] = moves[j];
                    moves[j] = x;
                }
            }
        }
    }
    if (C_KIND == KIND_EXACT && C_JOKERS == JOKERS_BEYOND) {
        /* Beyond, exact targets: a seat that follows plays its joker (one move: the
           jokers are alike) last. A joker never wins a suit lead and may be played at any
           time, so it is the card that keeps a hand free: an opponent that spends it as a
           duck (or on a joker lead) where another card does as well lacks it later, when
           the refutation needs it; and at the team's nodes, which nearly all fail (every
           card is searched), the joker's subtree, the largest (the seat keeps all its
           cards of the suits), is searched on a table the other cards' subtrees have
           filled. (The bench's 50 deals with declarations: see the work log.) */
        int i = 0;
        while (i < n && c->block_of[moves[i].card] != c->joker_block) i++;
        if (i < n - 1 && t->n > 0) {
            Move x = moves[i];
            memmove(&moves[i], &moves[i + 1], (size_t)(n - 1 - i) * sizeof moves[0]);
            moves[n - 1] = x;
        }
    }
    return n;
}
static int gen_moves(const Ctx *c, const Trick *t, int seat, Move *moves, int hint, int twins[][2],
                     int *ntwins, int dominance, uint64_t *dom_rel) {
    return gen_moves_b(c, t, seat, moves, hint, twins, ntwins, dominance, dom_rel, 0);
}
static __attribute__((noinline)) int gen_moves_sp(const Ctx *c, const Trick *t, int seat,
                                                  Move *moves, int hint, int twins[][2],
                                                  int *ntwins, int dominance, uint64_t *dom_rel) {
    return gen_moves_b(c, t, seat, moves, hint, twins, ntwins, dominance, dom_rel, 1);
}
static __attribute__((noinline)) int gen_moves_sk(const Ctx *c, const Trick *t, int seat,
                                                  Move *moves, int hint, int twins[][2],
                                                  int *ntwins, int dominance, uint64_t *dom_rel) {
    return gen_moves_b(c, t, seat, moves, hint, twins, ntwins, dominance, dom_rel, 2);
}

/* A pruned twin's rank matters whenever its partner's does (twins were found low to high,
   so walk them high to low to follow chains). */
static uint64_t add_twins(uint64_t rel, int twins[][2], int ntwins) {
    for (int i = ntwins - 1; i >= 0; i--) {
        if ((rel >> twins[i][1]) & 1) rel |= 1ULL << twins[i][0];
    }
    return rel;
}

static int decode_hint(const Ctx *c, int seat, int code) {
    if (code == 255) return -1;
    int b = code >> 4, place = code & 15;
    if (b >= c->nblocks) return -1;
    uint64_t m = all_held(c) & c->block_mask[b];
    for (int i = 0; i < place && m; i++) m ^= 1ULL << highest(m);
    if (!m) return -1;
    int card = highest(m);
    return (c->hand[seat] >> card) & 1 ? card : -1;
}

static int encode_hint(const Ctx *c, int card) {
    if (card < 0) return 255;
    int b = c->block_of[card];
    uint64_t above = all_held(c) & c->block_mask[b] & ~((2ULL << card) - 1);
    return b << 4 | popcount64(above);
}

/* Set out[0] and out[1] to the trumps the two sides hold (none without a trump suit). */
static inline __attribute__((always_inline)) void trumps_by_side_b(const Ctx *c, uint64_t out[2],
                                                                   const int sp) {
    out[0] = out[1] = 0;
    if (c->trump_block < 0) return;
    uint64_t tmask = c->block_mask[c->trump_block];
    for (int s = 0; s < C_NSEATS; s++) out[on_team(c, s)] |= c->hand[s] & tmask;
}
static void trumps_by_side(const Ctx *c, uint64_t out[2]) { trumps_by_side_b(c, out, 0); }

/* Card points: each side's sure trumps (sure_trumps, the best seat of the side) win their
   tricks, and those carry at least the points of the seat's trumps above every other
   seat's, of its cheapest other trumps that make up the count, and of the cheapest cards of
   every other hand. Set the points of each side in `want` (bit 1 << side) and the cards
   they rest on (0 for the others). A seat whose count cannot reach `need[side]` is not
   counted (its k sure tricks hold at most k * max_trick_points, or its own cards' points
   plus k * max_other_points): the callers use a side's points only when they reach that
   need (the count then decides the window alone), so leaving out such a seat changes no
   decision and no value returned (150 Skat deals: the same nodes, -1.4 % instructions). */
static inline __attribute__((always_inline)) void trump_points_b(const Ctx *c, int want, const int need[2],
                                                           int side_pts[2], uint64_t side_rel[2],
                                                           const int sp) {
    side_pts[0] = side_pts[1] = 0;
    side_rel[0] = side_rel[1] = 0;
    if (c->trump_block < 0) return;
    uint64_t side_trumps[2];
    trumps_by_side_b(c, side_trumps, sp);
    uint64_t tmask = c->block_mask[c->trump_block];
    for (int s2 = 0; s2 < C_NSEATS; s2++) {
        if (!(c->hand[s2] & tmask) || !((want >> on_team(c, s2)) & 1)) continue;
        uint64_t trel = 0;
        int k = SP(sure_trumps)(c, s2, side_trumps[!on_team(c, s2)], 0, &trel);
        if (!k || k * c->max_trick_points < need[on_team(c, s2)]) continue;
        uint64_t own = c->hand[s2] & c->block_mask[c->trump_block];
        uint64_t rest = (side_trumps[0] | side_trumps[1]) & ~own;
        uint64_t tops = rest ? own & ~((2ULL << highest(rest)) - 1) : own;
        int pts = points_of(c, tops), r = popcount64(tops);
        if (k > r) pts += cheapest_points(c, own & ~tops, k - r);
        /* The other hands give k cards each to those tricks. */
        if (pts + k * c->max_other_points < need[on_team(c, s2)]) continue;
        for (int o = 0; o < C_NSEATS; o++) {
            if (o != s2) pts += cheapest_points(c, c->hand[o], k);
        }
        int side = on_team(c, s2);
        raise_to(pts, trel, &side_pts[side], &side_rel[side]);
    }
}
static void trump_points(const Ctx *c, int want, const int need[2], int side_pts[2],
                         uint64_t side_rel[2]) {
    trump_points_b(c, want, need, side_pts, side_rel, 0);
}
static __attribute__((noinline)) void trump_points_sk(const Ctx *c, int want, const int need[2],
                                                      int side_pts[2], uint64_t side_rel[2]) {
    trump_points_b(c, want, need, side_pts, side_rel, 2);
}

/* Credit `k` sure tricks (resting on the cards `krel`) to our side's count or to theirs,
   keeping each side's best count with its cards. */
static void credit(int our_side, int k, uint64_t krel, int *ours, uint64_t *ours_rel,
                   int *theirs, uint64_t *theirs_rel) {
    if (our_side) {
        raise_to(k, krel, ours, ours_rel);
    } else {
        raise_to(k, krel, theirs, theirs_rel);
    }
}

static int bounds_decide(int lo, int hi, int alpha, int beta, uint64_t lo_rel, uint64_t hi_rel,
                         uint64_t *rel, int *value) {
    /* Outside the window one bound decides alone, and only its ranks count. */
    if (lo >= beta) {
        *rel |= lo_rel;
        *value = lo;
        return 1;
    }
    if (hi <= alpha) {
        *rel |= hi_rel;
        *value = hi;
        return 1;
    }
    if (lo == hi) {
        *rel |= lo_rel | hi_rel;
        *value = lo;
        return 1;
    }
    return 0;
}

/* Exact bounds at a trick start when the team is one seat that must take no more tricks
   (avoid_seat), without trumps or jokers (a misère, a null game, a piccolo whose trick is
   taken). Return 1 when the seat surely stays out of every trick, 0 when the seat on lead
   surely puts it in this one, -1 when neither is sure.
   - Out, another seat on lead: in every suit it holds, its i-th lowest card is below the
     i-th lowest of the others' cards (for every i up to the shorter count). Each round of
     the suit takes at least one of the others' cards, no higher than the round's highest,
     so the seat can always play under it; ducking with its highest card below, and
     discarding its highest cards, keeps the condition, as do the others' discards (a
     round's cards are all below the seat's cards above the one it played, and at most i
     of the others' cards lie below its (i+1)-th lowest). It never leads again.
   - In, the seat on lead: it must lead, and in every suit it holds, each other seat
     holding the suit can play below its lowest card.
   - In, another seat on lead: in some suit both hold, the leader's lowest card, and the
     lowest of each seat between it and the avoiding seat, leave that seat only cards
     above them, and no seat after it must go higher than its lowest card. */
static int avoid_bound(const Ctx *c, int seat, int avoid) {
    uint64_t mine = c->hand[avoid], others = all_held(c) & ~mine;
    int all_low = 1, safe_lead = 0;
    for (int b = 0; b < c->nblocks; b++) {
        uint64_t bm = c->block_mask[b], dm = mine & bm, om = others & bm;
        if (!dm || !om) continue;
        for (uint64_t d = dm, o = om; d && o; d &= d - 1, o &= o - 1) {
            if (lowest(d) > lowest(o)) all_low = 0;
        }
        if (seat == avoid) {
            for (int s = 0; s < MAXSEATS; s++) {
                uint64_t m = c->hand[s] & bm;
                if (s != avoid && m && lowest(m) > lowest(dm)) safe_lead = 1;
            }
        }
    }
    if (all_low && seat != avoid) return 1;
    if (seat == avoid) return safe_lead ? -1 : 0;
    /* Another seat leads: try, in each suit both hold, the others leading that suit again
       and again, every one of them always playing its lowest card of it. Those cards, and
       so each round's highest card and its winner (the next to lead), do not depend on the
       avoiding seat's play; it stays out only if it can give each round a card below that
       round's highest, a different card each time: its i-th lowest card below the i-th
       lowest of those highest cards. When it cannot, that line of play puts it in. */
    for (int b = 0; b < c->nblocks; b++) {
        uint64_t bm = c->block_mask[b], dm = mine & bm;
        if (!dm || !(c->hand[seat] & bm)) continue;
        uint64_t h[MAXSEATS];
        for (int s = 0; s < MAXSEATS; s++) h[s] = c->hand[s] & bm;
        int k = popcount64(dm), rounds = 0, lead = seat;
        uint64_t tops = 0;
        while (rounds < k && h[lead]) {
            int top = -1, s = lead;
            for (int i = 0; i < c->nactive; i++, s = c->next[s]) {
                if (s == avoid || !h[s]) continue;
                int low = lowest(h[s]);
                h[s] &= h[s] - 1;
                if (low > top) {
                    top = low;
                    lead = s;
                }
            }
            tops |= 1ULL << top;
            rounds++;
        }
        uint64_t d = dm;
        for (int i = 0; i < rounds; i++) {
            if (lowest(d) > lowest(tops)) return 0;
            d &= d - 1;
            tops &= tops - 1;
        }
    }
    return -1;
}

/* Exact targets (Beyond), a trick start with an opponent on lead: does it have a lead that
   gives a trick to a seat of the team that has its number already (a trick too many)? Such
   a seat X, without jokers (a joker would let it duck), holds cards of a suit the leader
   holds, all of them above every card of that suit that could beat them: the opponents'
   cards, and the partner's too when the partner still needs tricks (it may overtake to
   save X; when it has its number as well, its winning the trick fails just the same). The
   leader leads the suit; X must follow and its card wins unless a seat void in the suit
   ruffs: an opponent does not unless it holds only trumps, a partner that still needs
   tricks may, so it must hold the suit or no trump. Return 1 with X's lowest card of the
   suit in `rel` (the zone down to it: the lengths place the rest), choosing the suit with
   the fewest cards above that card. */
static int fed_trick(const Ctx *c, int leader, uint64_t *rel) {
    uint64_t held = all_held(c), trumps = c->trump_block >= 0 ? c->block_mask[c->trump_block] : 0;
    int best_depth = BIG, best_card = -1;
    for (int x = 0; x < MAXSEATS; x++) {
        if (c->need[x] != 0 || !c->hand[x] || jokers_of(c, c->hand[x])) continue;
        int p = -1; /* a partner still needing tricks: its cards may beat X's */
        for (int s = 0; s < MAXSEATS; s++) {
            if (s != x && c->need[s] > 0) p = s;
        }
        uint64_t beaters = 0;
        for (int s = 0; s < MAXSEATS; s++) {
            if (s != x && (!on_team(c, s) || s == p)) beaters |= c->hand[s];
        }
        for (int b = 0; b < c->nblocks; b++) {
            if (b == c->joker_block) continue;
            uint64_t bm = c->block_mask[b], xs = c->hand[x] & bm;
            if (!xs || !(c->hand[leader] & bm)) continue;
            int low = lowest(xs);
            uint64_t above = beaters & bm & ~((1ULL << low) - 1);
            if (above) continue;
            int ok = 1;
            for (int s = 0; s < MAXSEATS && ok && bm != trumps; s++) {
                uint64_t h = c->hand[s];
                if (s == x || s == leader || (h & bm) || !(h & trumps)) continue;
                if (s == p || (!on_team(c, s) && !(h & ~trumps))) ok = 0;
            }
            if (!ok) continue;
            int depth = popcount64(held & bm & ~((1ULL << low) - 1));
            if (depth < best_depth) {
                best_depth = depth;
                best_card = low;
            }
        }
    }
    if (best_card < 0) return 0;
    *rel |= 1ULL << best_card;
    return 1;
}

/* A card of `seat` (legal on trick t) that does not beat the card winning so far, or -1;
   one of another block than the winning card's when there is one (no rank compared). */
static int duck_of(const Ctx *c, const Trick *t, int seat) {
    int wcard = t->card[t->win], wb = c->block_of[wcard], duck = -1;
    for (uint64_t m = legal_mask(c, t, seat); m; m &= m - 1) {
        int card = lowest(m);
        if (!beats(c, t, card, wcard)) {
            duck = card;
            if (c->block_of[card] != wb) break;
        }
    }
    return duck;
}

/* Exact targets (Beyond), an opponent to play to a trick won so far by a seat of the team
   that has its number already: when the opponent and every opponent after it can play a
   card that does not beat the winning card (a joker on a suit lead, a smaller card of the
   suit, a discard), and a partner after it that still needs tricks cannot beat it (its
   best legal card, see below), that seat takes a trick too many. A partner at its number
   as well may beat it: it then takes a trick too many itself. Return 1 then, with the
   winning card in `rel` when its rank was compared with a card of its block (on the trick,
   a duck, or the partner's cards of the suit led or trumps). */
static int ducked_trick(const Ctx *c, const Trick *t, int seat, uint64_t *rel) {
    int wcard = t->card[t->win], wb = c->block_of[wcard];
    uint64_t wbm = c->block_mask[wb], compared = trick_cards(t);
    int s = seat;
    for (int i = t->n; i < c->nactive; i++, s = c->next[s]) {
        if (!on_team(c, s)) {
            int duck = duck_of(c, t, s);
            if (duck < 0) return 0;
            compared |= 1ULL << duck;
        } else if (c->need[s] > 0) {
            uint64_t h = c->hand[s];
            if (t->lead_block < 0) {
                if (jokers_of(c, h)) return 0; /* its joker would take the joker lead */
                continue;
            }
            uint64_t follow = h & c->block_mask[t->lead_block];
            uint64_t m = follow ? follow : (c->trump_block >= 0 ? h & c->block_mask[c->trump_block] : 0);
            if (!m) continue; /* a discard (or a joker) never wins a suit lead */
            if (beats(c, t, highest(m), wcard)) return 0;
            compared |= m;
        }
    }
    if (t->lead_block >= 0 && (compared & ~(1ULL << wcard) & wbm)) *rel |= 1ULL << wcard;
    return 1;
}

/* Whether a seat of `side` holds the top card of a block `leader` holds: else the
   leader's quick tricks (quick_tricks: its own cash, or a partner's after crossing) are
   none. */
static int side_tops_a_lead(const Ctx *c, int leader, int side) {
    uint64_t held = all_held(c);
    for (int b = 0; b < c->nblocks; b++) {
        uint64_t bm = c->block_mask[b];
        if ((c->hand[leader] & bm) && on_team(c, c->owner[highest(held & bm)]) == side) return 1;
    }
    return 0;
}

/* Card points, the last seat of a trick (no jokers): the trick's side is known from the
   card the seat plays, so bound the points from here (the trick's and the later tricks'
   sure trumps, trump_points, on the hands after the trick) and return the value when the
   bounds decide the window alpha..beta, else NO_VALUE. The side sure of the trick (W):
   - the seat's own side when it wins so far: the seat plays its richest legal card;
   - the seat's side when it can beat the winning card: it plays its richest card that does;
   - else the other side, and the seat gives at least its poorest legal card.
   W's later points are counted on the hands after the trick with the seat's card played
   when the seat is W's (its choice), else on its whole hand (more cards can only lower
   W's count: more opposing trumps, cheaper cards to take). The other side's later points
   are counted the other way round: the seat's card played (one of its choices: a card
   other than a trump, the poorest, else its lowest trump) when the seat is on that side,
   else the seat's whole hand. Last, when the hands after the trick are known (the seat is
   W's, or has one legal card), the quick tricks of the seat that leads next go to W. */
static inline __attribute__((always_inline)) int last_seat_points_b(Ctx *c, const Trick *t, int seat, int alpha,
                                                              int beta, uint64_t *rel, const int sp) {
    int wi = t->win, wcard = t->card[wi], wb = c->block_of[wcard];
    int me = on_team(c, seat), cur = on_team(c, t->seat[wi]);
    uint64_t legal = legal_mask_b(c, t, seat, sp), trick = trick_cards(t);
    int trick_pts = points_of(c, trick);
    int total = c->held_points + trick_pts;
    int w, x = -1; /* the side sure of the trick; the seat's card when it is W's */
    uint64_t trel = 0;
    if (me == cur) {
        /* The trick stays the side's; the card winning so far beat the cards before it (its
           rank counts if one was of its block, as when the trick ends). */
        w = me;
        if (trick & ~(1ULL << wcard) & c->block_mask[wb]) trel |= 1ULL << wcard;
    } else {
        uint64_t beaters = 0;
        for (uint64_t m = legal; m; m &= m - 1) {
            if (beats(c, t, lowest(m), wcard)) beaters |= m & -m;
        }
        if (beaters) {
            w = me;
            legal = beaters;
        } else {
            w = cur;
            /* The winning card stays so: its rank counts if the seat holds its block. */
            if ((legal | trick) & ~(1ULL << wcard) & c->block_mask[wb]) trel |= 1ULL << wcard;
        }
    }
    int gain; /* W's points from this trick */
    if (w == me) {
        int best = -1;
        for (uint64_t m = legal; m; m &= m - 1) {
            int card = lowest(m);
            if (best < 0 || c->points[card] > c->points[best] ||
                (c->points[card] == c->points[best] && c->block_of[best] == c->trump_block)) {
                best = card;
            }
        }
        x = best;
        gain = trick_pts + c->points[x];
        if (me != cur) {
            /* It beat the winning card: its rank counts if it beat a card of its block. */
            int xb = c->block_of[x];
            if (trick & c->block_mask[xb]) trel |= 1ULL << x;
        }
    } else {
        int least = BIG;
        for (uint64_t m = legal; m; m &= m - 1) {
            if (c->points[lowest(m)] < least) least = c->points[lowest(m)];
        }
        gain = trick_pts + least;
    }
    /* Bounds for the team (side 1) from this trick alone. */
    int lo = w ? gain : 0, hi = w ? total : total - gain;
    uint64_t lo_rel = w ? trel : 0, hi_rel = w ? 0 : trel;
    int decided;
    if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
    if (c->trump_block < 0) return NO_VALUE;
    uint64_t saved = c->hand[seat];
    int pts[2];
    uint64_t prel[2];
    /* The points each side's count needs to decide the window alone (team: side 1). */
    int need[2];
    need[w] = w ? beta - gain : total - alpha - gain;
    need[!w] = w ? total - alpha : beta;
    /* W's later points, with the seat's card played when it is W's. */
    if (x >= 0) c->hand[seat] &= ~(1ULL << x);
    SPK(trump_points)(c, 1 << w, need, pts, prel);
    c->hand[seat] = saved;
    if (w) {
        raise_to(gain + pts[w], trel | prel[w], &lo, &lo_rel);
    } else {
        lower_to(total - gain - pts[w], trel | prel[w], &hi, &hi_rel);
    }
    /* W's count alone decides more than half the time this stage decides (150 Skat deals:
       216 K of 385 K): the other side's count is then left out. Both are sound bounds, so
       the one not worked out could not have changed the answer or its cards. */
    if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
    /* The other side's (whoever takes this trick), with one of the seat's cards played when
       the seat is its. */
    if (x < 0) {
        uint64_t plain = legal & ~c->block_mask[c->trump_block];
        int y = -1;
        for (uint64_t m = plain; m; m &= m - 1) {
            if (y < 0 || c->points[lowest(m)] < c->points[y]) y = lowest(m);
        }
        if (y < 0) y = lowest(legal);
        c->hand[seat] &= ~(1ULL << y);
        SPK(trump_points)(c, 1 << !w, need, pts, prel);
        c->hand[seat] = saved;
    } else {
        SPK(trump_points)(c, 1 << !w, need, pts, prel);
    }
    if (w) {
        lower_to(total - pts[!w], prel[!w], &hi, &hi_rel);
    } else {
        raise_to(pts[!w], prel[!w], &lo, &lo_rel);
    }
    if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
    if (x < 0) {
        /* The seat is the other side's: when it has one legal card y, the hands after the
           trick are known too, and W's trick winner leads next: its quick tricks are W's.
           (With two or three cards, the least over them: 150 deals -0.7 % / -1.3 % nodes,
           quiz probes -1.3 % / -2.4 %, but +0.6 % / +1.1 % instructions.) */
        if (legal & (legal - 1)) return NO_VALUE;
        int y = lowest(legal), qp = 0;
        int qneed = (w ? beta : total - alpha) - (trick_pts + c->points[y]);
        uint64_t krel = trel;
        c->hand[seat] &= ~legal;
        c->held &= ~legal;
        if (side_tops_a_lead(c, t->seat[wi], w)) SP(quick_tricks)(c, t->seat[wi], BIG, qneed, 0, &qp, &krel);
        c->hand[seat] = saved;
        c->held |= legal;
        int v = trick_pts + c->points[y] + qp;
        if (w) {
            raise_to(v, krel, &lo, &lo_rel);
        } else {
            lower_to(total - v, krel, &hi, &hi_rel);
        }
        if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
        return NO_VALUE;
    }
    /* The seat is W's and plays x: the hands after the trick are known, and so is the seat
       that leads next (the trick's winner, whose rank counts if it beat a card of its
       block). Its quick tricks (quick_tricks) are W's. (Not the other side's points when
       the leader's every lead loses, lost_lead_points: those would hold for this x only,
       and the seat may play another card.) */
    int leader = beats(c, t, x, wcard) ? seat : t->seat[wi];
    int fw = leader == seat ? x : wcard;
    uint64_t qrel = trel;
    if ((trick | (1ULL << x)) & ~(1ULL << fw) & c->block_mask[c->block_of[fw]]) qrel |= 1ULL << fw;
    c->hand[seat] &= ~(1ULL << x);
    c->held &= ~(1ULL << x);
    int qp = 0, qneed = (w ? beta : total - alpha) - gain;
    uint64_t krel = qrel;
    if (side_tops_a_lead(c, leader, w)) SP(quick_tricks)(c, leader, BIG, qneed, 0, &qp, &krel);
    c->hand[seat] = saved;
    c->held |= 1ULL << x;
    if (w) {
        raise_to(gain + qp, krel, &lo, &lo_rel);
    } else {
        lower_to(total - gain - qp, krel, &hi, &hi_rel);
    }
    if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
    return NO_VALUE;
}
static int last_seat_points(Ctx *c, const Trick *t, int seat, int alpha, int beta,
                            uint64_t *rel) {
    return last_seat_points_b(c, t, seat, alpha, beta, rel, 0);
}
static __attribute__((noinline)) int last_seat_points_sk(Ctx *c, const Trick *t, int seat, int alpha,
                                                         int beta, uint64_t *rel) {
    return last_seat_points_b(c, t, seat, alpha, beta, rel, 2);
}

/* Tighten a trick start's bounds lo..hi (resting on lo_rel, hi_rel) with the table's
   entries for `key`; return the lead hint (a card, or -1). */
static inline __attribute__((always_inline)) int probe_node(Ctx *c, int seat, const Key *key,
                                                            const Where *w, int alpha, int beta,
                                                            int *lo, int *hi, uint64_t *lo_rel,
                                                            uint64_t *hi_rel) {
    uint8_t lo_zone[MAXBLOCKS] = {0}, hi_zone[MAXBLOCKS] = {0};
    int tlo = *lo, thi = *hi;
    int code = table_probe(c->tt, key, w, alpha, beta, &tlo, &thi, lo_zone, hi_zone);
    if (tlo > *lo) {
        *lo = tlo;
        *lo_rel = zone_cards(c, lo_zone);
    }
    if (thi < *hi) {
        *hi = thi;
        *hi_rel = zone_cards(c, hi_zone);
    }
    return decode_hint(c, seat, code);
}

/* Card points: the richest of the cards `m` (not empty), a card other than a trump where
   one is worth as much. */
static int richest_card(const Ctx *c, uint64_t m) {
    uint64_t plain = c->trump_block >= 0 ? ~c->block_mask[c->trump_block] : ~0ULL;
    uint64_t top = m & ~c->pointed;
    if (c->npclass) {
        for (int j = c->npclass - 1; j >= 0; j--) {
            if (m & c->pclass_mask[j]) {
                top = m & c->pclass_mask[j];
                break;
            }
        }
    } else {
        int best = -1;
        for (uint64_t x = m; x; x &= x - 1) {
            if (best < 0 || c->points[lowest(x)] > c->points[best]) best = lowest(x);
        }
        top = 0;
        for (uint64_t x = m; x; x &= x - 1) {
            if (c->points[lowest(x)] == c->points[best]) top |= x & -x;
        }
    }
    return top & plain ? lowest(top & plain) : lowest(top);
}

/* Card points, a seat between the first and the last of a trick (no jokers): the side of
   the strongest card still to come (trick_taker, the card winning so far included) takes
   the trick when that card's holder plays it; its partner still to play gives its richest
   legal card and the other side's seats at least their poorest. That side (W) gets at
   least the trick's points so counted. Return the value when that decides the window
   alpha..beta, else NO_VALUE. (W's later sure trumps as at the last seat, trump_points
   on the hands after the trick, cut 1.8 % more nodes on the 150 Skat deals but cost
   3.4 % more instructions: they decide only one call in twenty.) */
static inline __attribute__((always_inline)) int middle_seat_points_b(Ctx *c, const Trick *t, int seat, int alpha,
                                                                int beta, uint64_t *rel, const int sp) {
    uint64_t trel = 0;
    int taker, tcard;
    int w = SP(trick_taker)(c, t, seat, &trel, &taker, &tcard);
    if (w < 0) return NO_VALUE;
    int trick_pts = points_of(c, trick_cards(t));
    int total = c->held_points + trick_pts, gain = trick_pts;
    int s = seat;
    for (int i = t->n; i < C_NACTIVE; i++, s = c->next[s]) {
        uint64_t legal = legal_mask_b(c, t, s, sp);
        int card = s == taker ? tcard : on_team(c, s) == w ? richest_card(c, legal) : -1;
        if (card >= 0) {
            gain += c->points[card];
        } else {
            gain += cheapest_points(c, legal, 1);
        }
    }
    int decided;
    int lo = w ? gain : 0, hi = w ? total : total - gain;
    uint64_t lo_rel = w ? trel : 0, hi_rel = w ? 0 : trel;
    if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
    return NO_VALUE;
}
static int middle_seat_points(Ctx *c, const Trick *t, int seat, int alpha, int beta,
                              uint64_t *rel) {
    return middle_seat_points_b(c, t, seat, alpha, beta, rel, 0);
}
static __attribute__((noinline)) int middle_seat_points_sk(Ctx *c, const Trick *t, int seat, int alpha,
                                                           int beta, uint64_t *rel) {
    return middle_seat_points_b(c, t, seat, alpha, beta, rel, 2);
}

/* The sure trumps of a hand holding the trumps `own` against the other side's trumps
   `opp` (sure_trumps on masks, no jokers); adds the lowest counted trump to `rel`. */
static int trump_count(uint64_t own, uint64_t opp, uint64_t *rel) {
    int best = 0, low = -1, j = 0;
    for (uint64_t m = own; m;) {
        int h = highest(m);
        m ^= 1ULL << h;
        int v = ++j - popcount64(opp & ~((2ULL << h) - 1));
        if (v > best) {
            best = v;
            low = h;
        }
    }
    if (best > 0) *rel |= 1ULL << low;
    return best;
}

/* A lone declarer `d` against three, the second or third seat to play (no jokers):
   when the declarer surely takes this trick (its card winning so far, or its best card of
   the suit led above the card winning so far, or, out of the suit, its lowest trump above
   every trump on the trick or held by a defender still to play that is out of the suit,
   and no defender still to play able to beat it), it is sure of that trick and of its
   sure trumps on its hand after the trick against the defenders' trumps now (they can
   only lose some), and, when the defenders hold no trumps, of the side-suit cards it
   then cashes (cash_block, on the defenders' hands now). Return those tricks (0 when the trick is not surely its own, or they
   are fewer than `need`) and add the winning card, when it was compared with a card of
   its block, and the lowest counted trump to `rel`. */
static int lone_mid(const Ctx *c, const Trick *t, int seat, int d, int need, uint64_t *rel) {
    if (need > popcount64(c->hand[seat])) return 0;
    int tb = c->trump_block;
    uint64_t tm = tb >= 0 ? c->block_mask[tb] : 0, lm = c->block_mask[t->lead_block];
    uint64_t own = c->hand[d] & tm, r = 0;
    int cur = t->card[t->win], w, s;
    int played = t->seat[0] == d || (t->n > 1 && t->seat[1] == d);
    if (played || (c->hand[d] & lm)) {
        /* The declarer's card wins so far, or it follows suit with its best card. */
        if (played) {
            if (t->seat[t->win] != d) return 0;
            w = cur;
        } else if (t->lead_block == tb) {
            /* A trump lead: its lowest trump above every trump that could beat it. */
            int lim = cur;
            s = seat;
            for (int i = t->n; i < c->nactive; i++, s = c->next[s]) {
                uint64_t tr = c->hand[s] & tm;
                if (s != d && tr && highest(tr) > lim) lim = highest(tr);
            }
            uint64_t over = own & ~((2ULL << lim) - 1);
            if (!over) return 0;
            w = lowest(over);
        } else {
            w = highest(c->hand[d] & lm);
            if (c->block_of[cur] != t->lead_block || cur > w) return 0;
        }
        int wb = c->block_of[w];
        own &= ~(1ULL << w); /* a trump lead followed with a trump */
        if (1 + popcount64(own) < need) return 0;
        int compared = (t->cards & c->block_mask[wb] & ~(1ULL << w)) != 0;
        s = seat;
        for (int i = t->n; i < c->nactive; i++, s = c->next[s]) {
            if (s == d) continue;
            uint64_t f = c->hand[s] & lm;
            if (f) {
                if (wb == t->lead_block) {
                    if (highest(f) > w) return 0;
                    compared = 1;
                }
            } else {
                uint64_t tr = c->hand[s] & tm;
                if (tr) {
                    if (wb != tb || highest(tr) > w) return 0;
                    compared = 1;
                }
            }
        }
        if (compared) r = 1ULL << w;
    } else {
        /* Out of the suit led: ruff above every trump that could beat it. */
        int lim = c->block_of[cur] == tb ? cur : -1;
        s = seat;
        for (int i = t->n; i < c->nactive; i++, s = c->next[s]) {
            uint64_t tr = c->hand[s] & tm;
            if (s != d && tr && !(c->hand[s] & lm) && highest(tr) > lim) lim = highest(tr);
        }
        uint64_t over = lim >= 0 ? own & ~((2ULL << lim) - 1) : own;
        if (!over) return 0;
        w = lowest(over);
        if (lim >= 0) r = 1ULL << w;
        own &= ~(1ULL << w);
        if (1 + popcount64(own) < need) return 0;
    }
    uint64_t ot = c->held & tm & ~c->hand[d];
    int k = 1 + (ot ? trump_count(own, ot, &r) : popcount64(own));
    if (!ot && k < need) {
        /* The defenders hold no trumps: after its trumps the declarer cashes its side
           suits block by block, no ruffs (the defenders' cards can only get fewer). */
        uint64_t rest = c->held & ~(1ULL << w);
        for (int b = 0; b < c->nblocks && k < need; b++) {
            uint64_t m = rest & c->block_mask[b];
            if (b != tb && m && ((c->hand[d] >> highest(m)) & 1)) k += cash_block(c, d, m, &r);
        }
    }
    if (k < need) return 0;
    *rel |= r;
    return k;
}

/* One line of two_tricks_sk: the seats s[0..2] (s[0] leads) play x[0..2], then their
   other cards; the team's points, and the ranks they rest on in *lrel. */
static inline __attribute__((always_inline)) int two_tricks_line(const Ctx *c, const int s[3],
                                                                 const uint64_t h[3],
                                                                 const int x[3], int all_points,
                                                                 uint64_t *lrel) {
    int lb = c->block_of[x[0]], w = 0;
    for (int i = 1; i < 3; i++) {
        if (strength(c, x[i], lb) > strength(c, x[w], lb)) w = i;
    }
    int wb = c->block_of[x[w]];
    for (int i = 0; i < 3; i++) {
        if (i != w && c->block_of[x[i]] == wb) {
            *lrel |= 1ULL << x[w];
            break;
        }
    }
    int trick = c->points[x[0]] + c->points[x[1]] + c->points[x[2]];
    int v = on_team(c, s[w]) ? trick : 0;
    /* The last trick, led by the winner. */
    int y[3], ys[3], w2 = 0;
    for (int k = 0; k < 3; k++) {
        int i = (w + k) % 3;
        y[k] = lowest(h[i] ^ (1ULL << x[i]));
        ys[k] = s[i];
    }
    int lb2 = c->block_of[y[0]];
    for (int k = 1; k < 3; k++) {
        if (strength(c, y[k], lb2) > strength(c, y[w2], lb2)) w2 = k;
    }
    int side = on_team(c, ys[w2]), wb2 = c->block_of[y[w2]];
    for (int k = 0; k < 3; k++) {
        if (on_team(c, ys[k]) != side && c->block_of[y[k]] == wb2) {
            *lrel |= 1ULL << y[w2];
            break;
        }
    }
    return v + (side ? all_points - trick : 0);
}

/* Seat i of two_tricks_sk takes the value v of one of its moves, resting on the ranks r:
   its best so far and its window move, and the move cuts or its ranks join the seat's. */
static inline __attribute__((always_inline)) void two_tricks_take(int i, int v, uint64_t r,
                                                                  const int mx[3], int best[3],
                                                                  int lo[3], int hi[3],
                                                                  int cut[3], uint64_t got[3],
                                                                  uint64_t acc[3]) {
    if (mx[i]) {
        if (v > best[i]) best[i] = v;
        if (best[i] > lo[i]) lo[i] = best[i];
    } else {
        if (v < best[i]) best[i] = v;
        if (best[i] < hi[i]) hi[i] = best[i];
    }
    if (lo[i] >= hi[i]) {
        cut[i] = 1;
        got[i] = r;
    } else {
        acc[i] |= r;
    }
}

/* The Skat copy's trick start with two tricks left (after the static bounds): the
   minimax of its at most eight lines, each seat's cards highest first, with alpha-beta
   cutoffs and the ranks kept as search_body and play keep them (a cutoff rests on the
   cutting card's line alone, a fail on every line; a trick's winner when it beat a card
   of its block, the last trick's when it beat one of the other side's). No table, point
   bounds, move order or node below the trick start: there those cost more than the lines
   (150 Skat deals: core instructions -2.6 %, see the work log). */
static __attribute__((noinline)) int two_tricks_sk(const Ctx *c, int leader, int alpha, int beta,
                                                  uint64_t *rel) {
    int s[3] = {leader, c->next[leader], c->next[c->next[leader]]};
    uint64_t h[3] = {c->hand[s[0]], c->hand[s[1]], c->hand[s[2]]};
    int mx[3] = {on_team(c, s[0]), on_team(c, s[1]), on_team(c, s[2])};
    int x[3], all_points = c->held_points;
    int best[3], lo[3], hi[3], cut[3];
    uint64_t legal[3], acc[3], got[3];
    int i = 0;
    lo[0] = alpha;
    hi[0] = beta;
    legal[0] = h[0];
    /* An explicit stack of the three seats' loops. */
    best[0] = mx[0] ? -BIG : BIG;
    acc[0] = 0;
    cut[0] = 0;
    for (;;) {
        if (!legal[i] || cut[i]) {
            /* This seat is done: its answer goes to the seat before. */
            uint64_t r = cut[i] ? got[i] : acc[i];
            if (i == 0) {
                *rel |= r;
                return best[0];
            }
            i--;
            two_tricks_take(i, best[i + 1], r, mx, best, lo, hi, cut, got, acc);
            continue;
        }
        x[i] = highest(legal[i]);
        legal[i] ^= 1ULL << x[i];
        if (i < 2) {
            int j = i + 1;
            uint64_t bm = c->block_mask[c->block_of[x[0]]];
            legal[j] = h[j] & bm ? h[j] & bm : h[j];
            lo[j] = lo[i];
            hi[j] = hi[i];
            best[j] = mx[j] ? -BIG : BIG;
            acc[j] = 0;
            cut[j] = 0;
            i = j;
            continue;
        }
        uint64_t r = 0;
        int v = two_tricks_line(c, s, h, x, all_points, &r);
        two_tricks_take(2, v, r, mx, best, lo, hi, cut, got, acc);
    }
}

static inline __attribute__((always_inline)) int search_body(Ctx *c, const Trick *t, int seat,
                                                            int alpha, int beta, uint64_t *rel,
                                                            const int sp) {
    if (__builtin_expect(++c->nodes >= c->check_at, 0)) budget_check(c);
    Key key, *stored_key = NULL; /* set at trick starts, the only nodes that store */
    Where where;
    /* Cards whose ranks the lower and the upper bound (quick tricks, table) depend on, and
       those the searched moves depend on: an answer carries only the sets it used. */
    uint64_t lo_rel = 0, hi_rel = 0, moves_rel = 0;
    int hint = -1, lo = 0, hi = 0, depth = 0, static_lo = 0, static_hi = 0, decided = 0;
    /* The cutoff memory's slot, loaded while the bounds are worked out (a trick start's,
       once the static bounds have not decided). */
    void *slot = NULL;
    uint64_t check = 0, nodes_at = 0, child_base = 0; /* (bridge copy: see Trick.cut_base) */
    if (t->n > 0) {
        slot = cut_slot(c, t, seat, &check, sp);
        prefetch(slot);
        if (sp == 1 && t->n < C_NACTIVE - 1) {
            child_base = cut_group_base(c, t->cards, c->next[seat]);
            cut_group_prefetch(c, t, seat, child_base);
        }
    }
    if (t->n == 0) {
        c->trick_nodes++;
        nodes_at = c->nodes;
        static_bounds_b(c, seat, &lo, &hi, sp);
        if (lo == hi || lo >= beta) return lo;
        if (hi <= alpha) return hi;
        static_lo = lo;
        static_hi = hi;
        depth = popcount64(c->hand[seat]);
        /* Skat, two tricks left: the lines themselves (two_tricks_sk). */
        if (sp == 2 && depth == 2) return two_tricks_sk(c, seat, alpha, beta, rel);
        /* Card points: the table first. It decides about half of the trick starts that
           reach it, and costs less than the point bounds below, which then run only where
           it does not decide (150 Skat deals: 14.41 G -> 12.73 G instructions, nodes
           -0.2 %). For tricks the bounds come first: most of them rest on fewer ranks. */
        int probed = C_KIND == KIND_POINTS;
        SP(make_key)(c, seat, t->after_joker, &key);
        table_prefetch(c->tt, &key, &where);
        if (probed) {
            stored_key = &key;
            hint = probe_node(c, seat, &key, &where, alpha, beta, &lo, &hi, &lo_rel, &hi_rel);
            if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
            slot = cut_slot(c, t, seat, &check, sp);
            prefetch(slot);
        }
        /* (Tricks: the bounds below come before the table, and the table's buckets are
           loaded meanwhile.) */
        if (C_KIND == KIND_POINTS) {
            /* Each side's top trumps win their tricks: at least their own points and the
               cheapest card of every other hand go with them. */
            int side_pts[2];
            uint64_t side_rel[2];
            int total = static_hi;
            int tneed[2] = {total - alpha, beta}; /* what decides the window alone */
            SPK(trump_points)(c, 3, tneed, side_pts, side_rel);
            raise_to(side_pts[1], side_rel[1], &lo, &lo_rel);
            lower_to(total - side_pts[0], side_rel[0], &hi, &hi_rel);
            /* The cheaper bound first: often it decides alone. */
            if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
            int qp;
            uint64_t qrel = 0;
            SP(quick_tricks)(c, seat, BIG, on_team(c, seat) ? beta : total - alpha, t->after_joker,
                             &qp, &qrel);
            if (on_team(c, seat)) {
                raise_to(qp, qrel, &lo, &lo_rel);
            } else {
                lower_to(total - qp, qrel, &hi, &hi_rel);
            }
            /* The quick tricks bound the leader's side and the lost lead the other side:
               when the first decides alone, the second cannot change the answer. */
            if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
            /* The other side's points when every lead loses: one trick, so at most
               max_trick_points; skipped when that many could not decide the window. */
            uint64_t lrel = 0;
            int lost_need = on_team(c, seat) ? total - alpha : beta;
            int lost = lost_need > c->max_trick_points ? -1 : SPK(lost_lead_points)(c, seat, &lrel);
            if (lost >= 0) {
                if (on_team(c, seat)) {
                    lower_to(total - lost, lrel, &hi, &hi_rel);
                } else {
                    raise_to(lost, lrel, &lo, &lo_rel);
                }
            }
        } else if (C_KIND == KIND_TRICKS) {
            /* Sure tricks of each side: top trumps, the leader's quick tricks, and the
               trick a leader without a winning lead must lose. The best count of each side
               is kept with the cards it rests on. */
            int left = popcount64(c->hand[seat]);
            int qp, ours = 0, theirs = 0;
            uint64_t ours_rel = 0, theirs_rel = 0;
            uint64_t side_trumps[2];
            trumps_by_side(c, side_trumps);
            /* (No trumps held: nobody has sure trumps.) */
            for (int s = 0; s < MAXSEATS && (side_trumps[0] | side_trumps[1]); s++) {
                if (!c->hand[s]) continue;
                uint64_t trel = 0;
                int k = SP(sure_trumps)(c, s, side_trumps[!on_team(c, s)], 0, &trel);
                credit(on_team(c, s), k, trel, &ours, &ours_rel, &theirs, &theirs_rel);
            }
            raise_to(ours, ours_rel, &lo, &lo_rel);
            lower_to(left - theirs, theirs_rel, &hi, &hi_rel);
            /* The cheaper bound first: often it decides alone. */
            if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
            int leader_ours = on_team(c, seat);
            uint64_t qrel = 0, lrel = 0;
            int lost = SP(losing_leads)(c, seat, &lrel);
            credit(!leader_ours, lost, lrel, &ours, &ours_rel, &theirs, &theirs_rel);
            /* A side that needs every trick left fails when its blocks cannot give it
               that many (misses_a_trick): the leader's side (bridge 100 deals, value mode:
               6.62 M -> 6.35 M trick nodes), and the other side too (6.31 M). */
            for (int x = 0; x < 2; x++) {
                int side = x ? !leader_ours : leader_ours;
                if ((!x && lost) || !(side ? beta >= left : beta <= 1)) continue;
                uint64_t mrel = 0;
                if (SP(misses_a_trick)(c, side, left, &mrel) ||
                    SP(guarded_second)(c, side, seat, &mrel)) {
                    credit(!side, 1, mrel, &ours, &ours_rel, &theirs, &theirs_rel);
                }
            }
            raise_to(ours, ours_rel, &lo, &lo_rel);
            lower_to(left - theirs, theirs_rel, &hi, &hi_rel);
            /* The quick tricks cost more than all the other bounds together: count them only
               when as many as quick_cap could decide the window (make the leader's side's
               bound reach beta, or the other bound). Otherwise they could only tighten the
               bounds stored in the table, and the decision is the same either way. */
            int need = leader_ours ? (beta < hi ? beta : hi) : left - (alpha > lo ? alpha : lo);
            if (SP(quick_cap)(c, seat, need) >= need) {
                int q = SP(quick_tricks)(c, seat, need, 0, t->after_joker, &qp, &qrel);
                credit(leader_ours, q, qrel, &ours, &ours_rel, &theirs, &theirs_rel);
                raise_to(ours, ours_rel, &lo, &lo_rel);
                lower_to(left - theirs, theirs_rel, &hi, &hi_rel);
            }
        } else {
            /* Exact targets (the team's seats are those with targets): the team must take
               exactly `want` more tricks, so it fails when either side is sure of too many:
               the sure trumps of a seat of the team beyond `want`, or of an opponent beyond
               the tricks left over, or the quick tricks of opponents on lead (they may
               cash them: nothing makes them hold back). The team's own quick tricks bound
               nothing: it may not want them. */
            int avoid = c->trump_block < 0 && C_JOKERS == JOKERS_NONE ? avoid_seat_b(c, sp) : -1;
            if (avoid >= 0) {
                int sure = avoid_bound(c, seat, avoid);
                if (sure >= 0) {
                    *rel |= all_held(c);
                    return sure;
                }
            }
            int left = popcount64(c->hand[seat]), want = 0;
            for (int s2 = 0; s2 < MAXSEATS; s2++) {
                if (c->need[s2] > 0) want += c->need[s2];
            }
            int ours = 0, theirs = 0;
            uint64_t ours_rel = 0, theirs_rel = 0;
            uint64_t side_trumps[2];
            trumps_by_side(c, side_trumps);
            int side_k[MAXSEATS] = {0}, side_total = 0;
            for (int s2 = 0; s2 < MAXSEATS && c->trump_block >= 0; s2++) {
                if (!c->hand[s2]) continue;
                uint64_t trel = 0;
                int k = SP(sure_trumps)(c, s2, side_trumps[!on_team(c, s2)], 0, &trel);
                side_k[s2] = k;
                side_total += k;
                credit(on_team(c, s2), k, trel, &ours, &ours_rel, &theirs, &theirs_rel);
            }
            if (ours > want) lower_to(0, ours_rel, &hi, &hi_rel);
            if (theirs > left - want) lower_to(0, theirs_rel, &hi, &hi_rel);
            /* A seat's own count (below) is never above its count for its side (more trumps
               against it, more jokers), so the per-seat test can fail a seat only where the
               side counts would: skip it otherwise (same nodes, fewer calls). */
            int per_seat = 0;
            for (int s2 = 0; s2 < MAXSEATS && side_total; s2++) {
                if (c->need[s2] >= 0 &&
                    (side_k[s2] > c->need[s2] || side_total - side_k[s2] > left - c->need[s2])) {
                    per_seat = 1;
                }
            }
            if (hi > 0 && c->trump_block >= 0 && per_seat) {
                /* Each seat on its own: the tricks its trumps win against every other seat's
                   trumps (a partner's too) are its own, and tricks of different seats are
                   different tricks. A seat of the team fails when it is sure of more than
                   its target, or when the other seats are sure of so many that fewer than
                   its target are left. */
                int own[MAXSEATS] = {0}, total = 0;
                uint64_t own_rel[MAXSEATS] = {0}, all_trumps = side_trumps[0] | side_trumps[1];
                for (int s2 = 0; s2 < MAXSEATS; s2++) {
                    if (!c->hand[s2]) continue;
                    own[s2] = SP(sure_trumps)(c, s2, all_trumps & ~c->hand[s2], 1, &own_rel[s2]);
                    total += own[s2];
                }
                for (int s2 = 0; s2 < MAXSEATS && hi > 0; s2++) {
                    if (c->need[s2] < 0) continue;
                    if (own[s2] > c->need[s2]) {
                        lower_to(0, own_rel[s2], &hi, &hi_rel);
                    } else if (left - (total - own[s2]) < c->need[s2]) {
                        uint64_t others = 0;
                        for (int o = 0; o < MAXSEATS; o++) {
                            if (o != s2) others |= own_rel[o];
                        }
                        lower_to(0, others, &hi, &hi_rel);
                    }
                }
            }
            if (hi > 0 && C_JOKERS == JOKERS_BEYOND && !on_team(c, seat)) {
                uint64_t frel = 0;
                if (fed_trick(c, seat, &frel)) lower_to(0, frel, &hi, &hi_rel);
            }
            int need = left - want + 1;
            if (hi > 0 && !on_team(c, seat) && need <= left &&
                SP(quick_cap)(c, seat, need) >= need) {
                int qp;
                uint64_t qrel = 0;
                if (SP(quick_tricks)(c, seat, need, 0, t->after_joker, &qp, &qrel) >= need) {
                    lower_to(0, qrel, &hi, &hi_rel);
                }
            }
        }
        if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
        if (!probed) {
            slot = cut_slot(c, t, seat, &check, sp);
            prefetch(slot);
            stored_key = &key;
            hint = probe_node(c, seat, &key, &where, alpha, beta, &lo, &hi, &lo_rel, &hi_rel);
            if (bounds_decide(lo, hi, alpha, beta, lo_rel, hi_rel, rel, &decided)) return decided;
            if (sp == 1) {
                child_base = cut_group_base(c, t->cards, c->next[seat]);
                cut_group_prefetch(c, t, seat, child_base);
            }
        }
    }
    if (t->n == C_NACTIVE - 1 && C_KIND == KIND_TRICKS &&
        (C_JOKERS == JOKERS_NONE ? t->lead_block >= 0 : C_JOKERS == JOKERS_BEYOND)) {
        /* Last seat of a trick: the side sure of this trick (and of later tricks, see
           mid_trick_sure), when that decides the window. Earlier seats of the trick would
           cut more nodes, but there the test costs more than the nodes it saves. */
        int left = popcount64(c->hand[seat]);
        uint64_t brel = 0;
        int taker, tcard;
        int side = SP(trick_taker)(c, t, seat, &brel, &taker, &tcard);
        if (side >= 0) {
            int need = side ? beta : left - alpha; /* tricks that decide the window */
            if (need <= left) {
                int k = SP(mid_trick_sure)(c, t, seat, side, taker, tcard, need, &brel);
                if (k >= need) {
                    *rel |= brel;
                    return side ? k : left - k;
                }
            }
        }
    }
    if (t->n > 0 && t->n < C_NACTIVE - 1 && C_KIND == KIND_TRICKS && C_NACTIVE == 4 &&
        C_JOKERS == JOKERS_NONE && beta > 0 && !(c->team_mask & (c->team_mask - 1))) {
        /* A lone declarer against three (Kleurenwiezen alone, abondance), the second or
           third seat (a defender's or the declarer's own): the declarer surely taking this
           trick and enough later ones ends the node (lone_mid). The last seat has the
           bound above, for either side. */
        uint64_t lrel = 0;
        int k = lone_mid(c, t, seat, lowest((uint64_t)c->team_mask), beta, &lrel);
        if (k >= beta) {
            *rel |= lrel;
            return k;
        }
    }
    if (t->n == C_NACTIVE - 1 && C_KIND == KIND_POINTS && C_JOKERS == JOKERS_NONE &&
        t->lead_block >= 0) {
        int d = SPK(last_seat_points)(c, t, seat, alpha, beta, rel);
        if (d != NO_VALUE) return d;
    }
    if (t->n > 0 && t->n < C_NACTIVE - 1 && C_KIND == KIND_POINTS &&
        C_JOKERS == JOKERS_NONE && t->lead_block >= 0) {
        int d = SPK(middle_seat_points)(c, t, seat, alpha, beta, rel);
        if (d != NO_VALUE) return d;
    }
    if (t->n > 0 && C_KIND == KIND_EXACT && C_JOKERS == JOKERS_BEYOND && !on_team(c, seat) &&
        on_team(c, t->seat[t->win]) && c->need[t->seat[t->win]] == 0) {
        uint64_t drel = 0;
        if (ducked_trick(c, t, seat, &drel)) {
            *rel |= drel;
            return 0;
        }
    }
    if (t->n == C_NACTIVE - 1 && C_KIND == KIND_EXACT && C_JOKERS == JOKERS_BEYOND) {
        /* Exact targets, the last seat of a trick: when the opponents surely take this trick
           and enough later ones (mid_trick_sure) that fewer than the team's sum are left,
           the team fails (the opponents may take them: nothing makes them hold back). */
        int left = popcount64(c->hand[seat]), want = 0;
        for (int s2 = 0; s2 < MAXSEATS; s2++) {
            if (c->need[s2] > 0) want += c->need[s2];
        }
        int need = left - want + 1; /* the opponents' tricks that sink the team */
        uint64_t brel = 0;
        int taker, tcard;
        if (need <= left && SP(trick_taker)(c, t, seat, &brel, &taker, &tcard) == 0 &&
            SP(mid_trick_sure)(c, t, seat, 0, taker, tcard, need, &brel) >= need) {
            *rel |= brel;
            return 0;
        }
    }
    if (sp == 1) {
        uint32_t v = *(const uint32_t *)slot;
        if ((v & ~((1u << CUT_CARD_BITS) - 1)) == check) {
            hint = (int)(v & ((1u << CUT_CARD_BITS) - 1)) - 1;
        }
    } else if ((*(const uint64_t *)slot & ~(uint64_t)0xff) == check) {
        hint = (int)(*(const uint64_t *)slot & 0xff) - 1;
    }
    Move moves[MAXMOVES];
    int twins[MAXMOVES][2], ntwins = 0, n = 0, generated = 0;
    uint64_t dom_rel = 0;
    /* The hinted card is tried before the moves are generated and ordered: it makes most
       cutoffs on its own. (Not a 500 joker lead, which comes once per named suit.) */
    int first = -1;
    /* The root of a bridge-shaped value solve (tricks left only fall below it): after a
       probe's success, the card that made it comes second (see exact_value). */
    int at_root = sp == 1 && c->root_left && t->n == 0 &&
                  popcount64(c->hand[seat]) == c->root_left;
    if (at_root && hint == c->root_demote) hint = -1;
    if (hint >= 0 && ((legal_mask_b(c, t, seat, sp) >> hint) & 1) &&
        !(C_JOKERS == JOKERS_NAMED && t->n == 0 && c->block_of[hint] == c->joker_block)) {
        first = hint;
    }
    int maximising = on_team(c, seat);
    int best = maximising ? -BIG : BIG;
    int best_card = -1;
    int a = alpha, b = beta;
    int cut = 0;
    /* Rank relevance: once a card of a block has been searched and the answer did not
       depend on the rank of any card of that block at or below it, every other card of
       the block below the lowest card it did depend on gives the same answer (the
       positions differ only in cards whose ranks did not matter). below[b] is that
       limit (64: all of the block); for card points only cards worth the same count. */
    int below[MAXBLOCKS], below_pts[MAXBLOCKS];
    memset(below, 0xff, sizeof below); /* all -1 */
    for (int i = first >= 0 ? -1 : 0;; i++) {
        int card, named = -1;
        if (i < 0) {
            card = first;
        } else {
            if (!generated) {
                n = SP(gen_moves)(c, t, seat, moves, hint, twins, &ntwins, 1, &dom_rel);
                assert(n > 0);
                generated = 1;
                if (at_root && n > 1 && c->root_demote >= 0 && moves[0].card == c->root_demote) {
                    Move m = moves[0];
                    moves[0] = moves[1];
                    moves[1] = m;
                }
            }
            if (i >= n) break;
            card = moves[i].card;
            named = moves[i].named;
            if (card == first && named < 0) continue;
        }
        int cb = c->block_of[card];
        if (card < below[cb]) {
            if (C_KIND != KIND_POINTS || c->points[card] == below_pts[cb]) continue;
            /* Card points, a card worth other points than the searched one: as that one
               with the two cards' points swapped between the trick and the mover's hand
               (the ranks did not matter), which moves points only within this trick and
               the later trick holding the kept card. So when this trick's side is sure,
               the card is searched no better when its side is the mover's and it is worth
               no more, or the other side's and it is worth no less (see points_twin). */
            int wcard, wseat = C_JOKERS == JOKERS_NONE ? sure_winner_b(c, t, seat, card, &wcard, sp) : -1;
            if (wseat >= 0) {
                int own = on_team(c, wseat) == maximising, p = c->points[card];
                if (own ? p <= below_pts[cb] : p >= below_pts[cb]) {
                    dom_rel |= 1ULL << card | (wcard >= 0 ? 1ULL << wcard : 0);
                    continue;
                }
            }
        }
        uint64_t move_rel = 0;
        /* Exact targets (Beyond), a seat of the team at its number following with a card
           that does not beat the trick: see below. */
        int low_dom = C_KIND == KIND_EXACT && C_JOKERS == JOKERS_BEYOND && maximising &&
                      t->n > 0 && c->need[seat] == 0 && cb != c->joker_block &&
                      !beats(c, t, card, t->card[t->win]);
        int v = play(c, t, seat, card, named, a, b, &move_rel, child_base, sp);
        if (maximising) {
            if (v > best) {
                best = v;
                best_card = card;
            }
            if (best > a) a = best;
        } else {
            if (v < best) {
                best = v;
                best_card = card;
            }
            if (best < b) b = best;
        }
        if (a >= b) {
            /* A cutoff rests on this move alone. */
            moves_rel = move_rel;
            cut = 1;
            if (slot && sp == 1) {
                *(uint32_t *)slot = (uint32_t)check | (uint32_t)(card + 1);
            } else if (slot) {
                *(uint64_t *)slot = check | (uint64_t)(card + 1);
            }
            break;
        }
        moves_rel |= move_rel;
        if (C_RELKEYS && named < 0 &&
            !(C_JOKERS != JOKERS_NONE && cb == c->joker_block)) {
            uint64_t mine = move_rel & c->block_mask[cb];
            int limit = mine ? lowest(mine) : 64;
            if (card < limit && limit > below[cb]) {
                below[cb] = limit;
                below_pts[cb] = c->points[card];
            }
        }
        if (low_dom && card > below[cb]) {
            /* A seat that must take no more tricks, and a card of it that does not beat
               the trick so far: a lower card of its block does no better for the team.
               After the lower card the seat keeps this one, after this one the lower
               one; whatever the team does after the lower card, it can do after this
               one, the seat playing the lower card where that line plays this one: the
               same block, so legal where this one is, and it wins no trick that this one
               does not win, so every trick goes where it went (in a line the team hits,
               the seat wins none). This rests on this card not beating the card winning
               so far (its rank, when of that card's block, as ducked_trick pins it). */
            below[cb] = card;
            int wcard = t->card[t->win];
            if (c->block_of[wcard] == cb) dom_rel |= 1ULL << wcard;
        }
    }
    if (!cut) moves_rel = add_twins(moves_rel, twins, ntwins) | dom_rel;
    *rel |= moves_rel;
    if (at_root) c->root_best = best_card;
    if (stored_key) {
        int move_lo = best > alpha ? best : -BIG;
        int move_hi = best < beta ? best : BIG;
        /* What the searched moves prove, plus the static bounds, which rest on no rank.
           The node's other bounds (sure tricks, other entries) are left out: each adds
           its ranks to the zones, making the entry less general for the bound the moves
           proved, and they are worked out again wherever the entry could be used
           (bridge 40 deals: value 2.55 M -> 2.45 M trick nodes, cards 5.36 M -> 5.10 M). */
        int slo = move_lo > static_lo ? move_lo : static_lo;
        int shi = move_hi < static_hi ? move_hi : static_hi;
        uint8_t zone[MAXBLOCKS];
        SP(zones_of)(c, moves_rel, zone);
        if (C_JOKERS == JOKERS_BEYOND) {
            /* Beyond (jokers): an entry's worth when a bucket is full is the work below it
               (2 log2 of its subtree's nodes, rounded down), not its tricks left. Its long
               searches fill the table, and an entry with few tricks left can stand for a
               big subtree (the bench's 50 deals with declarations at 20 M nodes: 447.72 M
               -> 445.67 M nodes, 30 -> 31 finished; see the work log). */
            uint64_t used = c->nodes - nodes_at;
            if (used) {
                int bits = 64 - __builtin_clzll(used);
                depth = 2 * bits + (bits > 1 ? (int)(used >> (bits - 2)) & 1 : 0);
            } else {
                depth = 0;
            }
        }
        /* The Skat copy keeps a lead hint only from a node that cut: a node that failed
           names the first card of the best fail-soft answer, mostly the window's edge,
           which leads the next probe no better than the move order (150 Skat deals:
           6,674,681 -> 6,634,301 nodes, core instructions -0.7 %; an entry keeps the hint
           it had when a failing node tightens it). */
        int best_hint = sp == 2 && !cut ? -1 : best_card;
        table_store(c->tt, stored_key, C_NBLOCKS, zone, slo, shi, encode_hint(c, best_hint), depth);
    }
    return best;
}

/* search_body for bridge-shaped solves (is_bridge, see there), Skat-shaped ones (is_skat)
   and every game; search() picks the one the solve can use (shape_of). */
static __attribute__((noinline)) int search_sp(Ctx *c, const Trick *t, int seat, int alpha,
                                               int beta, uint64_t *rel) {
    return search_body(c, t, seat, alpha, beta, rel, 1);
}
static __attribute__((noinline)) int search_sk(Ctx *c, const Trick *t, int seat, int alpha,
                                               int beta, uint64_t *rel) {
    return search_body(c, t, seat, alpha, beta, rel, 2);
}
static __attribute__((noinline)) int search_gen(Ctx *c, const Trick *t, int seat, int alpha,
                                                int beta, uint64_t *rel) {
    return search_body(c, t, seat, alpha, beta, rel, 0);
}
static int search(Ctx *c, const Trick *t, int seat, int alpha, int beta, uint64_t *rel) {
    int shape = shape_of(c);
    return shape == 1   ? search_sp(c, t, seat, alpha, beta, rel)
           : shape == 2 ? search_sk(c, t, seat, alpha, beta, rel)
                        : search_gen(c, t, seat, alpha, beta, rel);
}

/* Card points: the points the team takes on the line both sides play by the move order's
   first choice (one gen_moves per card, no search, not counted as nodes): exact_value's
   first guess. */
static int greedy_points(Ctx *c, const Trick *t, int seat) {
    if (t->n == 0 && !c->held) return 0;
    Move moves[MAXMOVES];
    int twins[MAXMOVES][2], ntwins;
    uint64_t dom_rel = 0;
    gen_moves(c, t, seat, moves, -1, twins, &ntwins, 1, &dom_rel);
    int card = moves[0].card;
    uint64_t bit = 1ULL << card;
    Trick nt = *t;
    trick_push(c, &nt, seat, card, -1, 0);
    c->hand[seat] ^= bit;
    c->held ^= bit;
    c->held_points -= c->points[card];
    int v;
    if (nt.n < c->nactive) {
        v = greedy_points(c, &nt, c->next[seat]);
    } else {
        int winner = nt.seat[nt.win];
        Trick next = {0};
        next.lead_block = -1;
        v = trick_gain(c, &nt, winner) + greedy_points(c, &next, winner);
    }
    c->hand[seat] ^= bit;
    c->held ^= bit;
    c->held_points += c->points[card];
    return v;
}

/* play() at the root: the child's cut_base worked out here (the root's move loop is not
   search_body's). */
static int root_play(Ctx *c, const Trick *t, int seat, int card, int named, int alpha, int beta,
                     uint64_t *rel) {
    int sp = shape_of(c);
    uint64_t base = sp == 1 && t->n < 3 ? cut_group_base(c, t->cards, c->next[seat]) : 0;
    return play(c, t, seat, card, named, alpha, beta, rel, base, sp);
}

/* Return the exact value of the node (or of the node after `card`, when card >= 0) by
   zero-window probes between the static bounds, starting near `guess`. */
static int exact_value(Ctx *c, const Trick *t, int seat, int card, int named, int lo, int hi,
                       int guess) {
    /* Card points, from a first guess (greedy_points): steps of 1, 2, 4, ... in the
       direction of the answers until one turns, or the range is within 12 points. */
    int gallop = c->kind == KIND_POINTS && card < 0 && c->joker_mode == JOKERS_NONE, dir = 0,
        step = 1;
    while (lo < hi) {
        int target = guess;
        if (target <= lo) target = lo + 1;
        if (target > hi) target = hi;
        uint64_t rel = 0;
        int r = card >= 0 ? root_play(c, t, seat, card, named, target - 1, target, &rel)
                          : search(c, t, seat, target - 1, target, &rel);
        /* Bridge-shaped value solves: after a success the next probe (one above) tries the
           card that made it second. It often reached the value found and no more (a
           winner cashed at once); the next card in the order more often reaches one more
           (value trick nodes, bridge_deals(100, s) for s = 2024 / 7 / 11 / 13: 5.55 / 6.08
           / 9.42 / 5.55 M -> 5.49 / 6.05 / 9.33 / 5.53 M; tried last instead: 5.45 / 6.10
           / 9.32 / 5.49 M). */
        if (c->root_left && card < 0) c->root_demote = r >= target ? c->root_best : -1;
        if (r >= target) {
            lo = r;
        } else {
            hi = r;
        }
        /* After a success bisect; after a failure test its fail-soft bound, or a quarter
           of the range below it when it is far from the bottom, but not below the middle.
           Card points bisect after a failure too: their fail-soft bound is nearly always
           just below the target, and since the search prunes the runs of a hand
           (points_twin) the quarter step no longer saves nodes (and costs the middling
           deals: Skat 150 deals, same total, geometric mean 30.9 K -> 28.6 K nodes). */
        int middle = lo + (hi - lo + 1) / 2;
        guess = r >= target || c->kind == KIND_POINTS ? middle : hi - (hi - lo) / 4;
        if (guess < middle) guess = middle;
        /* The next probe by the kind of solve (one choice each):
           - bridge-shaped solves, which start from the greedy line's tricks (solve_root):
             one above the value found after a success, the fail-soft bound after a failure
             (MTD(f) from a close first guess: 100 bench deals 5.89 M -> 5.65 M trick nodes,
             other samples -3 % to -10 %; from the middle, as before, it cost more than the
             steps above);
           - other tricks without jokers, after a success: two above the value found rather
             than the middle of what is left (most values lie near the first probe's; bridge
             100 deals, before the rule above: value mode 6.251 M -> 6.209 M trick nodes,
             deal 91 343 K -> 323 K; cards mode 12.105 M -> 12.068 M);
           - Beyond, tricks, after a success: one above the value found (20 full deals:
             45.00 M -> 43.35 M nodes, seeds 20-39 54.26 M -> 47.75 M; two above 43.97 M;
             after a failure its fail-soft bound instead, 45.60 M). */
        if (shape_of(c) == 1) {
            guess = r >= target ? lo + 1 : hi;
        } else if (r >= target && c->kind == KIND_TRICKS) {
            if (c->joker_mode == JOKERS_NONE) guess = lo + 2;
            if (c->joker_mode == JOKERS_BEYOND) guess = lo + 1;
        }
        if (gallop) {
            int d = r >= target ? 1 : -1;
            if (dir == 0 || d == dir) {
                guess = d > 0 ? lo + step : hi - step + 1;
                step *= 2;
                dir = d;
                if (hi - lo > 12) continue;
            }
            gallop = 0; /* the answers turned: bisect from here */
            guess = middle;
        }
        /* Card points, once the value is known to lie within 12 points: probe the top of
           the range each time. Near the value a failure costs less than a success (the
           defenders' proof is the smaller one), and the walk down ends with the one
           success the value needs (150 Skat deals, with the middle-seat bound: 8.03 M ->
           7.58 M nodes, median 18.2 K -> 16.7 K, max 705 K -> 522 K; any width from 11
           to 20 gives about the same, 4 to 10 a larger maximum). */
        if (c->kind == KIND_POINTS && hi - lo <= 12) guess = hi;
    }
    return lo;
}

/* Return the exact value after `seat` plays `card`, knowing it lies in lo..hi and is most
   likely at the mover's end of that range (the best value of the position): probe that end
   first, then step away from it by 1, 1, 2, 4, ... In bridge-shaped solves by 1 each time
   (each probe at the fail-soft bound of the one before, as MTD(f) walks: bench deals, cards
   mode, 11.14 M -> 11.08 M trick nodes, bridge_deals(100, 7) 14.20 M -> 14.09 M). */
static int card_value(Ctx *c, const Trick *t, int seat, int card, int named, int lo, int hi,
                      int maximising) {
    int step = 1, probes = 0, walk = shape_of(c) == 1;
    while (lo < hi) {
        int target = maximising ? hi - step + 1 : lo + step;
        if (target <= lo) target = lo + 1;
        if (target > hi) target = hi;
        uint64_t rel = 0;
        int r = root_play(c, t, seat, card, named, target - 1, target, &rel);
        if (r >= target) {
            lo = r;
        } else {
            hi = r;
        }
        if (++probes >= 2 && !walk) step *= 2;
    }
    return lo;
}

/* search(), stopped once it has searched `cap` more nodes: then *finished is 0, the position
   is put back as it was and the answer means nothing. What the table stored meanwhile
   stays: every entry is the answer of a finished subtree. The budget still stops the
   whole solve (budget_check jumps to Engine_solve first). */
static int capped_search(Ctx *c, const Trick *t, int seat, int alpha, int beta, uint64_t cap,
                         int *finished) {
    uint64_t hands[MAXSEATS], held = c->held;
    int need[MAXSEATS], held_points = c->held_points;
    memcpy(hands, c->hand, sizeof hands);
    memcpy(need, c->need, sizeof need);
    jmp_buf here;
    volatile int value = 0;
    c->cap_to = &here;
    c->cap_at = c->nodes + cap;
    if (c->check_at > c->cap_at) c->check_at = c->cap_at;
    if (!setjmp(here)) {
        uint64_t rel = 0;
        value = search(c, t, seat, alpha, beta, &rel);
        *finished = 1;
    } else {
        memcpy(c->hand, hands, sizeof hands);
        memcpy(c->need, need, sizeof need);
        c->held = held;
        c->held_points = held_points;
        *finished = 0;
    }
    c->cap_at = 0;
    c->check_at = c->nodes + 1; /* budget_check works out the next look again */
    return value;
}

/* Beyond, exact targets, value mode: the root tries the exact search for exact_first nodes;
   when that does not finish, the exact search with the opponents pushing tricks on the team
   (Ctx.push, push_score) for push_first nodes (0: not at all), then whether the team can
   take the sum of its targets at all (a
   zero-window search of its tricks, for at most short_probe nodes: its entries' keys never
   match those of the targets, which hold the targets left), and when it cannot, the value
   is 0; else the exact search goes on, with the table of both. The exact search comes
   first because it often refutes a split at once where proving that the pair reaches its
   sum takes much of a tricks search; the probe is capped because when the pair does reach
   it, that proof can cost more than the exact search. The rest of the exact search keeps the
   pushing order. (The bench's 50 deals: see the work log in docs/solver.md.) */
static uint64_t exact_first = 50000, push_first = 150000, short_probe = 5000000; /* root_caps() sets them (tests) */
static int pair_falls_short(Ctx *c, const Trick *t, int seat) {
    int want = 0;
    for (int s = 0; s < MAXSEATS; s++) {
        if (c->need[s] > 0) want += c->need[s];
    }
    if (want == 0) return 0;
    c->kind = KIND_TRICKS;
    int finished;
    int r = capped_search(c, t, seat, want - 1, want, short_probe, &finished);
    c->kind = KIND_EXACT;
    return finished && r < want;
}

/* Give each legal card that was pruned as a twin of a higher one the value of its
   representative (moves[0..reps) holds the searched cards). */
static void root_twins(const Ctx *c, uint64_t in_play, uint64_t legal, Move *moves, int *values,
                       int *nmoves, int reps) {
    uint64_t m = legal;
    while (m) {
        int card = lowest(m);
        m &= m - 1;
        int rep = card;
        for (int up = higher_twin(c, in_play, legal, rep); up >= 0;
             up = higher_twin(c, in_play, legal, rep)) {
            rep = up;
        }
        if (rep == card) continue;
        for (int i = 0; i < reps; i++) {
            if (moves[i].card == rep) {
                moves[*nmoves].card = card;
                moves[*nmoves].named = -1;
                values[*nmoves] = values[i];
                (*nmoves)++;
                break;
            }
        }
    }
}

/* How many thresholds a raw value `v` reaches. */
static int band_of(const Ctx *c, int v) {
    int k = 0;
    while (k < c->nthresholds && v >= c->thresholds[k]) k++;
    return k;
}

/* The band of the node (or of the node after `card`, when card >= 0) whose raw value lies
   in lo..hi: zero-window probes at the thresholds only, bisecting the bands left. A probe
   at threshold T answers "is the raw value at least T?"; its fail-soft answer places the
   value further (at least r after a success, at most r after a failure). */
static int band_value(Ctx *c, const Trick *t, int seat, int card, int named, int lo, int hi) {
    int blo = band_of(c, lo), bhi = band_of(c, hi);
    while (blo < bhi) {
        int j = blo + (bhi - blo + 1) / 2;
        int target = c->thresholds[j - 1];
        uint64_t rel = 0;
        int r = card >= 0 ? root_play(c, t, seat, card, named, target - 1, target, &rel)
                          : search(c, t, seat, target - 1, target, &rel);
        if (r >= target) {
            int b = band_of(c, r);
            blo = b > j ? b : j;
        } else {
            int b = band_of(c, r);
            bhi = b < j - 1 ? b : j - 1;
        }
    }
    return blo;
}

/* The search of Engine_solve, with the GIL released: the value into *value and, in cards
   mode, each legal card's value into moves, values and *nmoves. */
static void solve_root(Ctx *c, const Trick *t, int seat, int cards_mode, Move *moves, int *values,
                       int *nmoves, int *value) {
    int lo, hi;
    if (t->n == 0) {
        static_bounds(c, seat, &lo, &hi);
    } else {
        /* Mid-trick: the cards on the table may still be won. */
        int left = popcount64(c->hand[seat]);
        lo = 0;
        hi = c->kind == KIND_EXACT ? 1 : left;
        if (c->kind == KIND_POINTS) {
            uint64_t m = all_held(c) | trick_cards(t);
            hi = 0;
            while (m) {
                hi += c->points[lowest(m)];
                m &= m - 1;
            }
        }
    }
    if (c->nthresholds) {
        /* A band objective: the position's band, then each card's, which lies between the
           raw bounds of the band's edge on the mover's side and the far end. */
        *value = band_value(c, t, seat, -1, -1, lo, hi);
        if (!cards_mode) return;
        int maximising = on_team(c, seat);
        int edge_lo = *value > 0 ? c->thresholds[*value - 1] : lo;
        int edge_hi = *value < c->nthresholds ? c->thresholds[*value] - 1 : hi;
        if (edge_lo < lo) edge_lo = lo;
        if (edge_hi > hi) edge_hi = hi;
        uint64_t legal = legal_mask(c, t, seat);
        uint64_t in_play = all_held(c) | trick_cards(t);
        int twins[MAXMOVES][2], ntwins;
        uint64_t dom_rel = 0;
        int reps = gen_moves(c, t, seat, moves, -1, twins, &ntwins, 0, &dom_rel);
        for (int i = 0; i < reps; i++) {
            values[i] = band_value(c, t, seat, moves[i].card, moves[i].named,
                                   maximising ? lo : edge_lo, maximising ? edge_hi : hi);
        }
        *nmoves = reps;
        root_twins(c, in_play, legal, moves, values, nmoves, reps);
        return;
    }
    int guess = lo + (hi - lo + 1) / 2;
    if (!cards_mode && c->kind == KIND_EXACT && c->joker_mode == JOKERS_BEYOND && lo < hi) {
        int finished;
        int r = capped_search(c, t, seat, lo, hi, exact_first, &finished);
        if (finished) {
            *value = r;
            return;
        }
        /* Then the same search with the opponents pushing tricks on the team (push_score),
           which finds most of the refutations by too many tricks; the table is shared. */
        c->push = 1;
        if (push_first) {
            r = capped_search(c, t, seat, lo, hi, push_first, &finished);
            if (finished) {
                *value = r;
                return;
            }
        }
        if (pair_falls_short(c, t, seat)) {
            *value = lo;
            return;
        }
    }
    /* Card points: the first guess is the greedy line's points, less 3 (that line
       favours the declarer: the defenders' first choices are the weaker ones). 150 Skat
       deals: 7.58 M -> 6.93 M nodes, median 16.7 K -> 16.0 K, max 522 K -> 507 K; less 2
       or 4, 7.10 M or 7.29 M; less 0, 7.38 M. */
    if (c->kind == KIND_POINTS && c->joker_mode == JOKERS_NONE) guess = greedy_points(c, t, seat) - 3;
    /* Beyond, tricks: the first guess one below the middle (then up by one after each
       success, see exact_value). 20 full deals: 43.35 M -> 42.22 M nodes, seeds 20-39
       47.75 M -> 46.15 M (from 0..13: 5; 4 gives 42.50 M and 46.79 M, 6 44.33 M). */
    if (c->kind == KIND_TRICKS && c->joker_mode == JOKERS_BEYOND) guess = lo + (hi - lo) / 2 - 1;
    /* Bridge-shaped solves: the first guess is the tricks the team takes on the greedy
       line (exact_value then walks from it one step at a time). On the bench's 100 deals
       the value lies within one trick of it on 69 deals, within two on 92. */
    if (shape_of(c) == 1) guess = greedy_points(c, t, seat);
    c->root_demote = -1;
    if (shape_of(c) == 1 && t->n == 0 && !cards_mode) c->root_left = popcount64(c->hand[seat]);
    if (!cards_mode) {
        *value = exact_value(c, t, seat, -1, -1, lo, hi, guess);
    } else {
        /* Every legal card, twins included: solve each card that has no higher twin. */
        uint64_t legal = legal_mask(c, t, seat);
        uint64_t in_play = all_held(c) | trick_cards(t);
        int maximising = on_team(c, seat);
        /* The position's value first: every card's value lies on one side of it, most of
           them at it or near it, and the table then holds the proofs. */
        *value = exact_value(c, t, seat, -1, -1, lo, hi, guess);
        int twins[MAXMOVES][2], ntwins;
        uint64_t dom_rel = 0;
        int reps = gen_moves(c, t, seat, moves, -1, twins, &ntwins, 0, &dom_rel);
        for (int i = 0; i < reps; i++) {
            values[i] = card_value(c, t, seat, moves[i].card, moves[i].named,
                                   maximising ? lo : *value, maximising ? *value : hi, maximising);
        }
        *nmoves = reps;
        root_twins(c, in_play, legal, moves, values, nmoves, reps);
    }
}

/* solve_root, or 0 when budget_check stopped it (c->stopped says why). Nothing local here
   changes between setjmp and the jump back, so nothing is left indeterminate. */
static int guarded_solve(Ctx *c, const Trick *t, int seat, int cards_mode, Move *moves,
                         int *values, int *nmoves, int *value) {
    jmp_buf abort_to;
    c->abort_to = &abort_to;
    if (setjmp(abort_to)) return 0;
    solve_root(c, t, seat, cards_mode, moves, values, nmoves, value);
    return 1;
}

/* ------------------------------------------------------------- the engine */

/* Raised when a solve stops on its budget: args (what ran out: "nodes" or "seconds",
   nodes searched, seconds spent). native.py turns it into SolverBudgetExceeded. */
static PyObject *BudgetExceeded;

typedef struct {
    PyObject_HEAD
    Table table;
    size_t megabytes;
    int busy;
    uint64_t nodes;
    uint64_t trick_nodes;
    int keep_table;  /* solve_many: this solve shares the table of the one before (_batch.h) */
    uint64_t shared; /* solve_many: positions of the last batch that shared the table */
} Engine;

static int Engine_init(Engine *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"tt_mb", NULL};
    Py_ssize_t mb = 64;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|n", names, &mb)) return -1;
    if (mb < 1 || mb > 65536) {
        PyErr_Format(PyExc_ValueError, "tt_mb must be 1..65536, not %zd", mb);
        return -1;
    }
    table_free(&self->table);
    self->megabytes = (size_t)mb;
    self->busy = 0;
    return 0;
}

static void Engine_dealloc(Engine *self) {
    table_free(&self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int read_ints(PyObject *seq, int *out, int max, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > max) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items, at most %d", what, n, max);
        Py_DECREF(fast);
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
    return (int)n;
}

static int read_masks(PyObject *seq, uint64_t *out, int count) {
    PyObject *fast = PySequence_Fast(seq, "hands must be a sequence");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        PyErr_Format(PyExc_ValueError, "hands: expected %d masks", count);
        Py_DECREF(fast);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (uint64_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

/* Check the packed problem enough that a bad one raises instead of crashing the search. */
static int check_ctx(const Ctx *c, const Trick *t, int seat) {
    uint64_t seen = 0;
    for (int s = 0; s < MAXSEATS; s++) {
        if (seen & c->hand[s]) return -1;
        seen |= c->hand[s];
    }
    if (c->ncards < 64 && (seen >> c->ncards)) return -1;
    for (int i = 0; i < t->n; i++) {
        if (t->card[i] < 0 || t->card[i] >= c->ncards) return -1;
        if (seen >> t->card[i] & 1) return -1;
        seen |= 1ULL << t->card[i];
    }
    if (!c->hand[seat]) return -1;
    if (t->n && t->lead_block >= c->nblocks) return -1;
    return 0;
}

static PyObject *Engine_solve(Engine *self, PyObject *args) {
    PyObject *block_ids, *points, *order, *hands, *trick, *targets, *thresholds;
    int trump_block, joker_mode, joker_block, leader, lead_block, after_joker, kind, team_mask;
    int cards_mode, check_signals = 0;
    unsigned long long max_nodes = 0;
    double max_seconds = 0;
    if (!PyArg_ParseTuple(args, "OOiiiOOiOiiiiOOp|Kdp", &block_ids, &points, &trump_block,
                          &joker_mode, &joker_block, &order, &hands, &leader, &trick,
                          &lead_block, &after_joker, &kind, &team_mask, &targets, &thresholds,
                          &cards_mode,
                          &max_nodes, &max_seconds, &check_signals)) {
        return NULL;
    }
    if (!(max_seconds >= 0)) { /* also NaN */
        PyErr_SetString(PyExc_ValueError, "max_seconds must be 0 (no limit) or more");
        return NULL;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this Engine is already solving in another thread");
        return NULL;
    }
    Ctx c;
    memset(&c, 0, sizeof c);
    c.ncards = read_ints(block_ids, c.block_of, 64, "block_ids");
    if (c.ncards < 0) return NULL;
    if (read_ints(points, c.points, 64, "points") < 0) return NULL;
    c.nactive = read_ints(order, c.order, MAXSEATS, "order");
    if (c.nactive < 0) return NULL;
    if (read_masks(hands, c.hand, MAXSEATS) < 0) return NULL;
    int trick_cards_in[MAXSEATS];
    int ntrick = read_ints(trick, trick_cards_in, MAXSEATS - 1, "trick");
    if (ntrick < 0) return NULL;
    if (read_ints(targets, c.need, MAXSEATS, "targets") != MAXSEATS) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "targets: expected 4 items");
        return NULL;
    }
    c.nthresholds = read_ints(thresholds, c.thresholds, MAXTHRESHOLDS, "thresholds");
    if (c.nthresholds < 0) return NULL;
    for (int i = 0; i < c.nthresholds; i++) {
        if ((i && c.thresholds[i] <= c.thresholds[i - 1]) || c.thresholds[i] < -BIG ||
            c.thresholds[i] > BIG) {
            PyErr_SetString(PyExc_ValueError, "thresholds must be ascending");
            return NULL;
        }
    }
    if (c.nthresholds && kind == KIND_EXACT) {
        PyErr_SetString(PyExc_ValueError, "thresholds are for tricks or points, not exact targets");
        return NULL;
    }
    c.nblocks = 0;
    for (int i = 0; i < c.ncards; i++) {
        int b = c.block_of[i];
        if (b < 0 || b >= MAXBLOCKS || (i && b < c.block_of[i - 1])) {
            PyErr_SetString(PyExc_ValueError, "block_ids must be ascending, 0..5");
            return NULL;
        }
        if (i - (b >= c.nblocks ? i : c.block_start[b]) >= MAXBLOCKLEN) {
            PyErr_SetString(PyExc_ValueError, "a block has more than 16 cards");
            return NULL;
        }
        if (b >= c.nblocks) {
            c.nblocks = b + 1;
            c.block_start[b] = i;
        }
        c.block_mask[b] |= 1ULL << i;
    }
#if defined(__BMI2__)
    for (int b = 0; b < c.nblocks; b++) c.rblock_mask[b] = reverse64(c.block_mask[b]);
#endif
    if (c.nactive < 2 || kind < 0 || kind > 2 || joker_mode < 0 || joker_mode > 2 ||
        trump_block >= c.nblocks || joker_block >= c.nblocks) {
        PyErr_SetString(PyExc_ValueError, "bad contract or objective codes");
        return NULL;
    }
    c.trump_block = trump_block;
    c.joker_mode = joker_mode;
    c.joker_block = joker_block;
    for (int lead = -1; lead < c.nblocks; lead++) {
        for (int i = 0; i < c.ncards; i++) {
            c.strength_by_lead[lead + 1][i] = (uint16_t)strength_of(&c, i, lead);
        }
    }
    c.kind = kind;
    c.team_mask = team_mask;
    for (int s = 0; s < MAXSEATS; s++) c.side_of[s] = (uint8_t)((team_mask >> s) & 1);
    c.relative_keys = 1;
    c.pbits_ok = 1;
    for (int i = 0; i < c.ncards; i++) {
        if (c.points[i]) c.pointed |= 1ULL << i;
        if (c.points[i] < 0 || c.points[i] >= 16) c.pbits_ok = 0;
        for (int bit = 0; bit < 4; bit++) {
            if ((c.points[i] >> bit) & 1) c.pbit[bit] |= 1ULL << i;
        }
    }
    for (uint64_t m = c.pointed; m; m &= m - 1) {
        int v = c.points[lowest(m)], j = 0;
        while (j < c.npclass && c.pclass_points[j] < v) j++;
        if (j < c.npclass && c.pclass_points[j] == v) {
            c.pclass_mask[j] |= m & -m;
            continue;
        }
        if (c.npclass == PCLASSES) {
            c.npclass = -1; /* too many worths: sort instead */
            break;
        }
        for (int q = c.npclass; q > j; q--) {
            c.pclass_points[q] = c.pclass_points[q - 1];
            c.pclass_mask[q] = c.pclass_mask[q - 1];
        }
        c.pclass_points[j] = v;
        c.pclass_mask[j] = m & -m;
        c.npclass++;
    }
    if (c.npclass < 0) c.npclass = 0;
    {
        /* The nactive richest cards of the deck. */
        int taken[64] = {0};
        for (int k = 0; k < c.nactive; k++) {
            int best = -1;
            for (int i = 0; i < c.ncards; i++) {
                if (!taken[i] && (best < 0 || c.points[i] > c.points[best])) best = i;
            }
            if (best < 0) break;
            taken[best] = 1;
            c.max_trick_points += c.points[best] > 0 ? c.points[best] : 0;
            if (k < c.nactive - 1) c.max_other_points = c.max_trick_points;
        }
    }
    for (int s = 0; s < MAXSEATS; s++) {
        for (uint64_t m = c.hand[s]; m; m &= m - 1) c.owner[lowest(m)] = (uint8_t)s;
    }
    c.held = c.hand[0] | c.hand[1] | c.hand[2] | c.hand[3];
    c.held_points = points_of(&c, all_held(&c));
    for (int b = 0; b < c.nblocks && kind == KIND_POINTS; b++) {
        uint64_t zero = c.block_mask[b] & ~c.pointed, worth = c.block_mask[b] & c.pointed;
        if (zero && worth && highest(zero) > lowest(worth)) c.relative_keys = 0;
    }
    int leader_pos = -1;
    for (int i = 0; i < c.nactive; i++) {
        if (c.order[i] < 0 || c.order[i] >= MAXSEATS) {
            PyErr_SetString(PyExc_ValueError, "order: seats are 0..3");
            return NULL;
        }
        c.next[c.order[i]] = c.order[(i + 1) % c.nactive];
        if (c.order[i] == leader) leader_pos = i;
    }
    if (leader_pos < 0 || ntrick >= c.nactive) {
        PyErr_SetString(PyExc_ValueError, "leader does not play, or the trick is complete");
        return NULL;
    }
    Trick t;
    memset(&t, 0, sizeof t);
    t.lead_block = ntrick ? lead_block : -1;
    t.after_joker = after_joker;
    int seat = leader;
    for (int i = 0; i < ntrick; i++) {
        t.seat[i] = seat;
        t.card[i] = trick_cards_in[i];
        seat = c.next[seat];
    }
    t.n = ntrick;
    if (check_ctx(&c, &t, seat) < 0) {
        PyErr_SetString(PyExc_ValueError, "inconsistent hands or trick");
        return NULL;
    }
    for (int i = 0; i < ntrick; i++) t.cards |= 1ULL << t.card[i];
    if (ntrick) t.win = winning_index(&c, &t);
    /* (The bridge copy's cutoff group of a mid-trick root; every other node's comes from
       its parent.) */
    if (ntrick) t.cut_base = cut_group_base(&c, t.cards ^ (1ULL << t.card[ntrick - 1]), seat);
    if (!self->table.buckets && table_init(&self->table, self->megabytes) < 0) {
        return PyErr_NoMemory();
    }
    if (!self->keep_table) table_next_generation(&self->table);
    if (kind == KIND_POINTS) {
        self->table.picks[0] = 0x3fu;
        self->table.tops[0] = 3;
        self->table.npicks = 1;
    } else {
        /* Levels of generality: the owners of the top 0, 1 or 2 cards of every block pick
           the bucket (a fourth level, or dropping one, cost nodes when measured). */
        static const int levels[] = {0, 1, 2};
        self->table.npicks = (int)(sizeof levels / sizeof levels[0]);
        for (int i = 0; i < self->table.npicks; i++) {
            self->table.tops[i] = levels[i];
            self->table.picks[i] = zone_mask(levels[i]);
        }
    }
    self->table.ways = kind == KIND_POINTS ? 16 : WAYS;
    /* Card points (Skat): the keys go to the first PTS_TABLE_MB of the table only. */
    size_t pts_span = ((size_t)PTS_TABLE_MB << 20) / sizeof(Bucket);
    self->table.span = kind == KIND_POINTS && pts_span && pts_span < self->table.nbuckets
                           ? pts_span
                           : self->table.nbuckets;
    c.tt = &self->table;

    Move moves[MAXMOVES];
    int values[MAXMOVES];
    int nmoves = 0, value = 0;
    c.max_nodes = max_nodes;
    c.check_at = max_nodes && max_nodes < CHECK_EVERY ? max_nodes + 1 : CHECK_EVERY;
    c.check_signals = check_signals;
    double started = now_seconds();
    c.deadline = max_seconds > 0 ? started + max_seconds : 0;
    c.next_signals = started; /* the first look at once: a signal may already wait */
    self->busy = 1;
    c.thread_state = PyEval_SaveThread();
    int finished = guarded_solve(&c, &t, seat, cards_mode, moves, values, &nmoves, &value);
    PyEval_RestoreThread(c.thread_state);
    self->busy = 0;
    self->nodes = c.nodes;
    self->trick_nodes = c.trick_nodes;
    if (!finished) {
        if (c.stopped == STOP_SIGNAL) return NULL; /* the signal handler's exception */
        double spent = now_seconds() - started;
        /* A node budget stops the search as it enters the node past the budget. */
        uint64_t searched = c.stopped == STOP_NODES ? c.nodes - 1 : c.nodes;
        PyObject *err = Py_BuildValue("(sKd)", c.stopped == STOP_NODES ? "nodes" : "seconds",
                                      (unsigned long long)searched, spent);
        if (err) {
            PyErr_SetObject(BudgetExceeded, err);
            Py_DECREF(err);
        }
        return NULL;
    }
    if (!cards_mode) return Py_BuildValue("(iO)", value, Py_None);
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    for (int i = 0; i < nmoves; i++) {
        PyObject *item = Py_BuildValue("(iii)", moves[i].card, moves[i].named, values[i]);
        if (!item || PyList_Append(list, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(item);
    }
    PyObject *out = Py_BuildValue("(iN)", value, list);
    return out;
}

static PyObject *Engine_get_nodes(Engine *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->nodes);
}

static PyObject *Engine_get_trick_nodes(Engine *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->trick_nodes);
}

static PyObject *Engine_get_busy(Engine *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->busy);
}

static PyObject *Engine_get_table_bytes(Engine *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(self->table.nbuckets * sizeof(Bucket));
}

#include "_cpu.h"
#include "_batch.h"

static PyMethodDef Engine_methods[] = {
    {"solve", (PyCFunction)Engine_solve, METH_VARARGS,
     "solve(block_ids, points, trump_block, joker_mode, joker_block, order, hands, leader, "
     "trick, lead_block, after_joker, kind, team_mask, targets, thresholds, cards_mode, "
     "max_nodes=0, "
     "max_seconds=0.0, check_signals=False) -> (value, [(card, named, value), ...] or None); "
     "raises BudgetExceeded past max_nodes nodes or max_seconds seconds (0: no limit), and a "
     "signal handler's exception when check_signals is set (main thread)"},
    {"solve_many", (PyCFunction)Engine_solve_many, METH_VARARGS,
     "solve_many(problems, cards_mode, max_nodes=0, max_seconds=0.0, check_signals=False, "
     "share=None) -> [((value, moves), nodes, trick_nodes), ...]: solve each packed problem "
     "(the arguments of solve before cards_mode, as a tuple) in turn; max_nodes bounds each "
     "solve, max_seconds the whole batch; share (one flag per problem) lets a problem keep "
     "the table of the one before when both have the same context"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Engine_getset[] = {
    {"nodes", (getter)Engine_get_nodes, NULL, "nodes searched by the last solve", NULL},
    {"trick_nodes", (getter)Engine_get_trick_nodes, NULL,
     "nodes of the last solve at the start of a trick (DDS counts these)", NULL},
    {"table_bytes", (getter)Engine_get_table_bytes, NULL, "bytes allocated for the table", NULL},
    {"busy", (getter)Engine_get_busy, NULL, "whether a solve is running on this engine", NULL},
    {"shared", (getter)Engine_get_shared, NULL,
     "problems of the last solve_many that kept the table of the one before", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "games.solver." CORE_NAME ".Engine",
    .tp_basicsize = sizeof(Engine),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A solver with its own transposition table; use one per thread.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Engine_init,
    .tp_dealloc = (destructor)Engine_dealloc,
    .tp_methods = Engine_methods,
    .tp_getset = Engine_getset,
};

/* root_caps(exact_first=-1, short_probe=-1, push_first=-1): set the node caps of the Beyond
   exact-target root (see pair_falls_short; a negative value keeps the cap) and return the
   old ones. For tests, which make the searches run on small positions; it applies to every
   thread. */
static PyObject *core_root_caps(PyObject *self, PyObject *args) {
    long long first = -1, probe = -1, push = -1;
    if (!PyArg_ParseTuple(args, "|LLL", &first, &probe, &push)) return NULL;
    PyObject *old = Py_BuildValue("(KKK)", (unsigned long long)exact_first,
                                  (unsigned long long)short_probe, (unsigned long long)push_first);
    if (first >= 0) exact_first = (uint64_t)first;
    if (probe >= 0) short_probe = (uint64_t)probe;
    if (push >= 0) push_first = (uint64_t)push;
    return old;
}

static PyMethodDef core_functions[] = {
    {"root_caps", core_root_caps, METH_VARARGS,
     "root_caps(exact_first=-1, short_probe=-1, push_first=-1) -> (exact_first, short_probe, "
     "push_first): set the node caps of the Beyond exact-target root (negative: keep) and return "
     "the old ones (tests)"},
    {"cpu_info", core_cpu_info, METH_NOARGS,
     "cpu_info() -> {'vendor', 'family', 'model', 'features'}: the CPU this runs on"},
    {"build_info", core_build_info, METH_NOARGS,
     "build_info() -> {'variant', 'features'}: the build and the instruction sets it uses"},
    {"pdep_ratio", core_pdep_ratio, METH_NOARGS,
     "pdep_ratio() -> time of a pdep chain over a multiply chain (None without BMI2)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, CORE_NAME, "C core of games.solver.", -1, core_functions, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC CORE_CAT(PyInit_, CORE_MODULE)(void) {
    const char *missing = cpu_missing_feature();
    if (missing) {
        PyErr_Format(PyExc_ImportError, "games.solver.%s (the %s build) uses %s, which this CPU lacks",
                     CORE_NAME, CORE_VARIANT, missing);
        return NULL;
    }
    if (PyType_Ready(&EngineType) < 0) return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(m, "Engine", (PyObject *)&EngineType) < 0) {
        Py_DECREF(&EngineType);
        Py_DECREF(m);
        return NULL;
    }
    BudgetExceeded = PyErr_NewException("games.solver." CORE_NAME ".BudgetExceeded", PyExc_RuntimeError, NULL);
    if (!BudgetExceeded || PyModule_AddObjectRef(m, "BudgetExceeded", BudgetExceeded) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
