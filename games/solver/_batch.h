/* Engine.solve_many: many positions in one call (included by _core.c, after Engine_solve).
 *
 * A quiz solves every candidate in every sampled world: hundreds of positions. One call
 * takes them all as packed tuples (the arguments of Engine.solve before cards_mode) and runs
 * Engine_solve on each from C, so Python is not re-entered between positions, and, where
 * the caller allows it (`share`: one flag per problem), lets a problem keep the table of the
 * one before when both have the same context.
 *
 * When sharing is sound (docs/solver.md, "Batches"): a stored bound is a fact about the
 * tricks or points still to come from a trick start, whatever the root it was found from,
 * given what defines the game being searched: the card table (block_ids, points, trump,
 * joker mode and block), the seat order, the objective's kind and team, and for tricks and
 * points also the targets (exact targets are in the key). So a position keeps the table of
 * the one before it exactly when these are equal; otherwise the table starts afresh. The
 * thresholds of a band objective are not part of it: an entry bounds the tricks or points
 * to come, whatever window proved it.
 */
#ifndef GAMES_SOLVER_BATCH_H
#define GAMES_SOLVER_BATCH_H

enum { PACKED_ITEMS = 15, PACKED_KIND = 11, PACKED_TARGETS = 13 };
/* The items of a packed position that make its context (indices into the tuple). */
static const int context_items[] = {0, 1, 2, 3, 4, 5, 11, 12};

/* Return 1 when `a` and `b` (packed positions) share a context, 0 if not, -1 on error. */
static int same_context(PyObject *a, PyObject *b) {
    for (size_t i = 0; i < sizeof context_items / sizeof context_items[0]; i++) {
        int eq = PyObject_RichCompareBool(PyTuple_GET_ITEM(a, context_items[i]),
                                          PyTuple_GET_ITEM(b, context_items[i]), Py_EQ);
        if (eq != 1) return eq;
    }
    long kind = PyLong_AsLong(PyTuple_GET_ITEM(a, PACKED_KIND));
    if (kind == -1 && PyErr_Occurred()) return -1;
    if (kind == KIND_EXACT) return 1;
    return PyObject_RichCompareBool(PyTuple_GET_ITEM(a, PACKED_TARGETS),
                                    PyTuple_GET_ITEM(b, PACKED_TARGETS), Py_EQ);
}

static PyObject *Engine_solve_many(Engine *self, PyObject *args) {
    PyObject *problems, *share = Py_None;
    int cards_mode, check_signals = 0;
    unsigned long long max_nodes = 0;
    double max_seconds = 0;
    if (!PyArg_ParseTuple(args, "Op|KdpO", &problems, &cards_mode, &max_nodes, &max_seconds,
                          &check_signals, &share)) {
        return NULL;
    }
    PyObject *fast = PySequence_Fast(problems, "problems must be a sequence of tuples");
    if (!fast) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (share != Py_None && (!PySequence_Check(share) || PySequence_Size(share) != n)) {
        PyErr_SetString(PyExc_ValueError, "share must be None or one flag per problem");
        Py_DECREF(fast);
        return NULL;
    }
    PyObject *out = PyList_New(n);
    if (!out) {
        Py_DECREF(fast);
        return NULL;
    }
    if (!(max_seconds >= 0)) { /* also NaN */
        PyErr_SetString(PyExc_ValueError, "max_seconds must be 0 (no limit) or more");
        Py_DECREF(fast);
        Py_DECREF(out);
        return NULL;
    }
    PyObject *tail = NULL, *previous = NULL;
    uint64_t shared = 0;
    double started = now_seconds();
    for (Py_ssize_t i = 0; i < n; i++) {
        /* max_seconds bounds the whole batch: each solve gets what is left of it. */
        double left = max_seconds - (now_seconds() - started);
        if (max_seconds > 0 && left <= 0) {
            PyObject *err = Py_BuildValue("(sKd)", "seconds", 0ULL, now_seconds() - started);
            if (err) {
                PyErr_SetObject(BudgetExceeded, err);
                Py_DECREF(err);
            }
            goto fail;
        }
        Py_XDECREF(tail);
        tail = Py_BuildValue("(OKdO)", cards_mode ? Py_True : Py_False, max_nodes,
                             max_seconds > 0 ? left : 0.0, check_signals ? Py_True : Py_False);
        if (!tail) goto fail;
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != PACKED_ITEMS) {
            PyErr_Format(PyExc_ValueError, "problem %zd: expected a tuple of %d items", i,
                         (int)PACKED_ITEMS);
            goto fail;
        }
        int keep = 0;
        if (share != Py_None && previous) {
            PyObject *flag = PySequence_GetItem(share, i);
            if (!flag) goto fail;
            keep = PyObject_IsTrue(flag);
            Py_DECREF(flag);
            if (keep > 0) keep = same_context(previous, item);
            if (keep < 0) goto fail;
        }
        PyObject *call = PySequence_Concat(item, tail);
        if (!call) goto fail;
        self->keep_table = keep;
        PyObject *answer = Engine_solve(self, call);
        self->keep_table = 0;
        Py_DECREF(call);
        if (!answer) goto fail;
        shared += (uint64_t)keep;
        PyObject *row = Py_BuildValue("(OKK)", answer, (unsigned long long)self->nodes,
                                      (unsigned long long)self->trick_nodes);
        Py_DECREF(answer);
        if (!row) goto fail;
        PyList_SET_ITEM(out, i, row);
        previous = item;
    }
    Py_XDECREF(tail);
    Py_DECREF(fast);
    self->shared = shared;
    return out;
fail:
    Py_XDECREF(tail);
    Py_DECREF(fast);
    Py_DECREF(out);
    return NULL;
}

static PyObject *Engine_get_shared(Engine *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->shared);
}

#endif /* GAMES_SOLVER_BATCH_H */
