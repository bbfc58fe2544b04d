// SPDX-License-Identifier: GPL-2.0
/*
 * style_options - the rules of style_plugin, from style_rules.def, and
 * which of them are on
 */

#include "style_compat.h"
#include "style_options.h"

const struct style_rule_info style_rules[NR_RULES] = {
#define STYLE_RULE(id, tag, on, msg, name, text, full, anchor) \
	[RULE_##id] = { "style-" tag, on, msg, name, text, full, anchor },
#include "style_rules.def"
#undef STYLE_RULE
};

bool rule_enabled[NR_RULES];

void style_rules_init(void)
{
	for (int i = 0; i < NR_RULES; i++)
		rule_enabled[i] = style_rules[i].on;
}

int style_rule_index(const char *name, size_t len)
{
	for (int i = 0; i < NR_RULES; i++) {
		const char *r = style_rules[i].name + strlen("style-");

		if (strlen(r) == len && !strncmp(r, name, len))
			return i;
	}
	return -1;
}
