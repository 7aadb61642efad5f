package io.kubewhatif.engine.preemption;

import java.util.Collections;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * An exact re-implementation of Go's {@code sort.Slice} (pattern-defeating quicksort, Go 1.19 and later).
 * <p>
 * The scheduler sorts preemption victims with an unstable sort whose comparator has many ties (same priority, same
 * start time). Which of two equal pods is reprieved first decides the victims, so the permutation of equal elements
 * has to match Go's, not just the order. Slices of up to 12 elements are insertion-sorted (stable); longer ones follow
 * the same pivots, partitions and deterministic pattern breaking as Go.
 */
final class GoSort {
    private static final int MAX_INSERTION = 12;
    private static final int SHORTEST_NINTHER = 50;
    private static final int MAX_SWAPS = 4 * 3;
    private static final int MAX_STEPS = 5;
    private static final int SHORTEST_SHIFTING = 50;

    private enum Hint { UNKNOWN, INCREASING, DECREASING }

    private GoSort() {
    }

    /** Sorts {@code list} in place as {@code sort.Slice(list, less)} would. */
    static <T> void slice(List<T> list, BiPredicate<? super T, ? super T> less) {
        int n = list.size();
        new Sorter<>(list, less).pdqsort(0, n, bitLength(n));
    }

    /** bits.Len: the number of bits needed to represent n. */
    private static int bitLength(long n) {
        return 64 - Long.numberOfLeadingZeros(n);
    }

    private static final class Sorter<T> {
        private final List<T> data;
        private final BiPredicate<? super T, ? super T> less;
        private int swaps;

        Sorter(List<T> data, BiPredicate<? super T, ? super T> less) {
            this.data = data;
            this.less = less;
        }

        private boolean less(int i, int j) {
            return less.test(data.get(i), data.get(j));
        }

        private void swap(int i, int j) {
            Collections.swap(data, i, j);
        }

        void pdqsort(int a, int b, int limit) {
            boolean wasBalanced = true;
            boolean wasPartitioned = true;
            while (true) {
                int length = b - a;
                if (length <= MAX_INSERTION) {
                    insertionSort(a, b);
                    return;
                }
                if (limit == 0) {
                    heapSort(a, b);
                    return;
                }
                if (!wasBalanced) {
                    breakPatterns(a, b);
                    limit--;
                }
                swaps = 0;
                int pivot = choosePivot(a, b);
                Hint hint = swaps == 0 ? Hint.INCREASING : swaps == MAX_SWAPS ? Hint.DECREASING : Hint.UNKNOWN;
                if (hint == Hint.DECREASING) {
                    reverseRange(a, b);
                    // The pivot keeps its distance from the other end after the reversal.
                    pivot = (b - 1) - (pivot - a);
                    hint = Hint.INCREASING;
                }
                if (wasBalanced && wasPartitioned && hint == Hint.INCREASING && partialInsertionSort(a, b)) {
                    return;
                }
                // Many duplicates of the element before the range: put the ones equal to the pivot first.
                if (a > 0 && !less(a - 1, pivot)) {
                    a = partitionEqual(a, b, pivot);
                    continue;
                }
                int[] part = partition(a, b, pivot);
                int mid = part[0];
                wasPartitioned = part[1] == 1;
                int leftLen = mid - a;
                int rightLen = b - mid;
                int balanceThreshold = length / 8;
                if (leftLen < rightLen) {
                    wasBalanced = leftLen >= balanceThreshold;
                    pdqsort(a, mid, limit);
                    a = mid + 1;
                } else {
                    wasBalanced = rightLen >= balanceThreshold;
                    pdqsort(mid + 1, b, limit);
                    b = mid;
                }
            }
        }

        private void insertionSort(int a, int b) {
            for (int i = a + 1; i < b; i++) {
                for (int j = i; j > a && less(j, j - 1); j--) {
                    swap(j, j - 1);
                }
            }
        }

        private void siftDown(int lo, int hi, int first) {
            int root = lo;
            while (true) {
                int child = 2 * root + 1;
                if (child >= hi) {
                    return;
                }
                if (child + 1 < hi && less(first + child, first + child + 1)) {
                    child++;
                }
                if (!less(first + root, first + child)) {
                    return;
                }
                swap(first + root, first + child);
                root = child;
            }
        }

        private void heapSort(int a, int b) {
            int first = a;
            int hi = b - a;
            for (int i = (hi - 1) / 2; i >= 0; i--) {
                siftDown(i, hi, first);
            }
            for (int i = hi - 1; i >= 0; i--) {
                swap(first, first + i);
                siftDown(0, i, first);
            }
        }

        /** Returns {new pivot index, 1 if the range was already partitioned else 0}. */
        private int[] partition(int a, int b, int pivot) {
            swap(a, pivot);
            int i = a + 1;
            int j = b - 1;
            while (i <= j && less(i, a)) {
                i++;
            }
            while (i <= j && !less(j, a)) {
                j--;
            }
            if (i > j) {
                swap(j, a);
                return new int[] {j, 1};
            }
            swap(i, j);
            i++;
            j--;
            while (true) {
                while (i <= j && less(i, a)) {
                    i++;
                }
                while (i <= j && !less(j, a)) {
                    j--;
                }
                if (i > j) {
                    break;
                }
                swap(i, j);
                i++;
                j--;
            }
            swap(j, a);
            return new int[] {j, 0};
        }

        private int partitionEqual(int a, int b, int pivot) {
            swap(a, pivot);
            int i = a + 1;
            int j = b - 1;
            while (true) {
                while (i <= j && !less(a, i)) {
                    i++;
                }
                while (i <= j && less(a, j)) {
                    j--;
                }
                if (i > j) {
                    return i;
                }
                swap(i, j);
                i++;
                j--;
            }
        }

        private boolean partialInsertionSort(int a, int b) {
            int i = a + 1;
            for (int step = 0; step < MAX_STEPS; step++) {
                while (i < b && !less(i, i - 1)) {
                    i++;
                }
                if (i == b) {
                    return true;
                }
                if (b - a < SHORTEST_SHIFTING) {
                    return false;
                }
                swap(i, i - 1);
                if (i - a >= 2) {
                    for (int j = i - 1; j >= 1; j--) {
                        if (!less(j, j - 1)) {
                            break;
                        }
                        swap(j, j - 1);
                    }
                }
                if (b - i >= 2) {
                    for (int j = i + 1; j < b; j++) {
                        if (!less(j, j - 1)) {
                            break;
                        }
                        swap(j, j - 1);
                    }
                }
            }
            return false;
        }

        private void breakPatterns(int a, int b) {
            int length = b - a;
            if (length < 8) {
                return;
            }
            long random = length;
            long modulus = 1L << bitLength(length);
            int start = a + (length / 4) * 2 - 1;
            for (int idx = start; idx <= start + 2; idx++) {
                random ^= random << 13;
                random ^= random >>> 17;
                random ^= random << 5;
                int other = (int) (random & (modulus - 1));
                if (other >= length) {
                    other -= length;
                }
                swap(idx, a + other);
            }
        }

        /** Counts the comparisons that found elements out of order in {@link #swaps}; returns the pivot index. */
        private int choosePivot(int a, int b) {
            int l = b - a;
            int i = a + l / 4;
            int j = a + l / 4 * 2;
            int k = a + l / 4 * 3;
            if (l >= 8) {
                if (l >= SHORTEST_NINTHER) {
                    i = median(i - 1, i, i + 1);
                    j = median(j - 1, j, j + 1);
                    k = median(k - 1, k, k + 1);
                }
                j = median(i, j, k);
            }
            return j;
        }

        private int median(int a, int b, int c) {
            if (less(b, a)) {
                swaps++;
                int t = a;
                a = b;
                b = t;
            }
            if (less(c, b)) {
                swaps++;
                int t = b;
                b = c;
                c = t;
            }
            if (less(b, a)) {
                swaps++;
                b = a;
            }
            return b;
        }

        private void reverseRange(int a, int b) {
            for (int i = a, j = b - 1; i < j; i++, j--) {
                swap(i, j);
            }
        }
    }
}
