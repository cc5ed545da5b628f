/* Which machine the core runs on, and what it was built for (included by _core.c).
 *
 * setup.py builds _core.c up to three times (docs/solver.md, "Building and choosing the
 * backend"): portable (no -march flag), native-nobmi2 (-march=native -mno-bmi2) and native
 * (-march=native), each as its own module named by CORE_MODULE. native.py picks one at load
 * time from what these functions report: the CPU's vendor, family, model and features, the
 * features a build was compiled with, and a quick measurement of pdep/pext against a
 * multiply (both microcoded and slow on AMD before Zen 3). A build refuses to load on a CPU
 * that lacks an instruction set it was compiled for, instead of dying on one.
 */
#ifndef GAMES_SOLVER_CPU_H
#define GAMES_SOLVER_CPU_H

#ifndef CORE_MODULE
#define CORE_MODULE _core
#endif
#ifndef CORE_VARIANT
#define CORE_VARIANT "native"
#endif
#define CORE_STR_(x) #x
#define CORE_STR(x) CORE_STR_(x)
#define CORE_CAT_(a, b) a##b
#define CORE_CAT(a, b) CORE_CAT_(a, b)
#define CORE_NAME CORE_STR(CORE_MODULE)

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define CORE_X86 1
#include <cpuid.h>
#else
#define CORE_X86 0
#endif

/* The instruction sets the variants differ in: the compiler's macro for each, and its name
   for __builtin_cpu_supports. */
typedef struct {
    const char *name;
    int compiled;
} CoreFeature;

static const CoreFeature core_features[] = {
#if defined(__POPCNT__)
    {"popcnt", 1},
#else
    {"popcnt", 0},
#endif
#if defined(__BMI__)
    {"bmi", 1},
#else
    {"bmi", 0},
#endif
#if defined(__BMI2__)
    {"bmi2", 1},
#else
    {"bmi2", 0},
#endif
#if defined(__AVX2__)
    {"avx2", 1},
#else
    {"avx2", 0},
#endif
#if defined(__AVX512F__)
    {"avx512f", 1},
#else
    {"avx512f", 0},
#endif
#if defined(__AVX512BW__)
    {"avx512bw", 1},
#else
    {"avx512bw", 0},
#endif
};
enum { CORE_NFEATURES = sizeof core_features / sizeof core_features[0] };

/* Return whether the CPU has feature i of core_features (0 off x86). */
static int cpu_has(int i) {
#if CORE_X86
    __builtin_cpu_init();
    switch (i) {
    case 0: return __builtin_cpu_supports("popcnt") != 0;
    case 1: return __builtin_cpu_supports("bmi") != 0;
    case 2: return __builtin_cpu_supports("bmi2") != 0;
    case 3: return __builtin_cpu_supports("avx2") != 0;
    case 4: return __builtin_cpu_supports("avx512f") != 0;
    case 5: return __builtin_cpu_supports("avx512bw") != 0;
    default: return 0;
    }
#else
    (void)i;
    return 0;
#endif
}

/* Return the first instruction set this build uses that the CPU lacks, or NULL. */
static const char *cpu_missing_feature(void) {
    for (int i = 0; i < CORE_NFEATURES; i++) {
        if (core_features[i].compiled && !cpu_has(i)) return core_features[i].name;
    }
    return NULL;
}

static PyObject *core_cpu_info(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    char vendor[13] = "";
    int family = -1, model = -1;
#if CORE_X86
    unsigned a, b, c, d;
    if (__get_cpuid(0, &a, &b, &c, &d)) {
        memcpy(vendor, &b, 4);
        memcpy(vendor + 4, &d, 4);
        memcpy(vendor + 8, &c, 4);
        vendor[12] = 0;
    }
    if (__get_cpuid(1, &a, &b, &c, &d)) {
        int base = (int)(a >> 8 & 0xf);
        family = base == 0xf ? base + (int)(a >> 20 & 0xff) : base;
        model = (int)(a >> 4 & 0xf);
        if (base == 0x6 || base == 0xf) model |= (int)(a >> 16 & 0xf) << 4;
    }
#endif
    PyObject *features = PyList_New(0);
    if (!features) return NULL;
    for (int i = 0; i < CORE_NFEATURES; i++) {
        if (!cpu_has(i)) continue;
        PyObject *name = PyUnicode_FromString(core_features[i].name);
        if (!name || PyList_Append(features, name) < 0) {
            Py_XDECREF(name);
            Py_DECREF(features);
            return NULL;
        }
        Py_DECREF(name);
    }
    return Py_BuildValue("{sssisisN}", "vendor", vendor, "family", family, "model", model,
                         "features", features);
}

static PyObject *core_build_info(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    PyObject *features = PyList_New(0);
    if (!features) return NULL;
    for (int i = 0; i < CORE_NFEATURES; i++) {
        if (!core_features[i].compiled) continue;
        PyObject *name = PyUnicode_FromString(core_features[i].name);
        if (!name || PyList_Append(features, name) < 0) {
            Py_XDECREF(name);
            Py_DECREF(features);
            return NULL;
        }
        Py_DECREF(name);
    }
    return Py_BuildValue("{sssN}", "variant", CORE_VARIANT, "features", features);
}

#if CORE_X86 && defined(__x86_64__)
/* Seconds for `n` dependent pdep (dense mask: the slow case of a microcoded pdep), or for
   `n` dependent multiplies (3 cycles wherever pdep is fast). Inline assembly, so that any
   build can run it (the caller checks the CPU has BMI2) and the compiler keeps every step. */
static double chain_seconds(int use_pdep, int n) {
    uint64_t x = 0x0123456789abcdefULL, m = 0x5555555555555555ULL, k = 0x9e3779b97f4a7c15ULL;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < n; i++) {
        if (use_pdep) {
            __asm__ volatile("pdep %2, %1, %0" : "=r"(x) : "r"(x), "r"(m));
            x ^= k;
        } else {
            __asm__ volatile("imul %1, %0" : "+r"(x) : "r"(k));
            x ^= k;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (x == 42) return -1; /* uses x (it never is 42 after these steps) */
    return (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
}
#endif

/* Return how many times longer a dependent chain of pdep takes than one of multiplies (the
   best of several short runs, so a busy machine hardly moves it: about 1 where pdep is one
   fast instruction, 10 and more where it is microcoded), or None without BMI2. */
static PyObject *core_pdep_ratio(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
#if CORE_X86 && defined(__x86_64__)
    if (!cpu_has(2)) Py_RETURN_NONE;
    double best_pdep = 1e9, best_mul = 1e9;
    for (int r = 0; r < 7; r++) {
        double p = chain_seconds(1, 4096), m = chain_seconds(0, 4096);
        if (p >= 0 && p < best_pdep) best_pdep = p;
        if (m >= 0 && m < best_mul) best_mul = m;
    }
    if (best_mul <= 0) Py_RETURN_NONE;
    return PyFloat_FromDouble(best_pdep / best_mul);
#else
    Py_RETURN_NONE;
#endif
}

#endif /* GAMES_SOLVER_CPU_H */
