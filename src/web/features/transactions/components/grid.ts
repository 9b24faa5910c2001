// The desktop table's columns, shared by its header, its rows and the inline editor so that they
// line up: select, date, payee, category, account, amount, (running balance), actions.
export const GRID =
  'grid-cols-[2.75rem_8.5rem_minmax(10rem,1fr)_minmax(9rem,13rem)_minmax(8rem,11rem)_9rem_5.5rem]'
export const GRID_WITH_BALANCE =
  'grid-cols-[2.75rem_8.5rem_minmax(10rem,1fr)_minmax(9rem,13rem)_minmax(8rem,11rem)_9rem_9rem_5.5rem]'

export const ROW_HEIGHT = 48
