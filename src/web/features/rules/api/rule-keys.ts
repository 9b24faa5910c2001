// Query keys of the rules page: the shared rules list (lib/queries/rules), under '/api/rules'.
import { rulesQuery } from '#src/web/lib/queries/rules'

export const ruleKeys = {
  all: rulesQuery.queryKey,
}
