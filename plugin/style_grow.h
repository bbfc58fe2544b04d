/* SPDX-License-Identifier: GPL-2.0 */
/*
 * style_grow.h - the one way style_plugin grows an array of its own
 *
 * style_grow(&VEC, sizeof(*VEC), NEED, &SIZE, FIRST) makes room in the
 * array VEC, of SIZE elements (a size_t), for its element NEED.  When it
 * has none, SIZE doubles (from FIRST when 0, and to at least NEED + 1),
 * and the new elements are zeroed.  Memory comes from xrealloc, which
 * ends the compile with a message when there is none.
 */
#ifndef STYLE_GROW_H_INCLUDED
#define STYLE_GROW_H_INCLUDED

#include <stddef.h>
#include <string.h>

extern "C" void *xrealloc(void *ptr, size_t size);

/* VECP points to the array's pointer (copied: it may be of any type). */
static inline void style_grow(void *vecp, size_t elem, size_t need,
			      size_t *size, size_t first)
{
	size_t old = *size, n = old ? 2 * old : first;
	void *vec;

	if (need < old)
		return;
	if (n <= need)
		n = need + 1;
	memcpy(&vec, vecp, sizeof(vec));
	vec = xrealloc(vec, n * elem);
	memset((char *)vec + old * elem, 0, (n - old) * elem);
	memcpy(vecp, &vec, sizeof(vec));
	*size = n;
}

#endif /* STYLE_GROW_H_INCLUDED */
