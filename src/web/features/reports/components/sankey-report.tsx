// Where the money went: income categories flow into one "Income" node, which flows into the
// spending groups and their categories, and into "Saved" (or is topped up by "Shortfall") —
// Recharts' Sankey. A click on a node or a band lists the transactions of its category.
import { Sankey, type SankeyLinkProps, type SankeyNodeProps } from 'recharts'
import type { SANKEY_NODE_KINDS } from '#src/contract/reports'
import { asCents, type Cents } from '#src/domain/money'
import { useElementWidth } from '../use-element-width'
import type { SankeyAnswer } from '../api/get-report'
import { moneyCell } from '../csv'
import { useReportFormat } from '../report-format'
import { ChartFigure } from '#src/web/components/charts/chart-figure'
import { ChartTooltip } from '#src/web/components/charts/chart-parts'
import { CATEGORY_COLORS, INCOME, NET, SPENDING } from '#src/web/components/charts/chart-theme'
import { ReportCard, type ReportProps } from './report-card'
import { DrillAmount, ReportTable } from './report-table'

type NodeKind = (typeof SANKEY_NODE_KINDS)[number]
type FlowNode = SankeyAnswer['rows']['nodes'][number]

const KIND_COLOR: Record<Exclude<NodeKind, 'group' | 'category'>, string> = {
  income: INCOME,
  total: NET,
  saved: '#009E73',
  shortfall: SPENDING,
}

/** The narrowest the diagram is drawn: on a phone it scrolls sideways inside its card. */
const MIN_WIDTH = 560

export function SankeyReport({
  answer,
  state,
  filters,
  scope,
  childrenOf,
  onDrill,
}: ReportProps<SankeyAnswer> & {
  /** the child categories of a category (a spending group's) */
  childrenOf: (categoryId: string) => string[]
}) {
  const f = useReportFormat(answer?.currency)
  const [measure, width] = useElementWidth()
  const flow = answer?.rows
  const nodes = flow?.nodes ?? []
  const links = flow?.links ?? []
  const empty =
    flow !== undefined && (links.length === 0 || (flow.income === 0 && flow.expenses === 0))
  // spending groups and top-level categories take the palette in order (its green left to
  // "Saved"); a category under a group takes its group's colour
  const palette = CATEGORY_COLORS.filter((c) => c !== KIND_COLOR.saved)
  const ownColor = new Map<number, string>()
  nodes.forEach((n, i) => {
    const underGroup =
      n.kind === 'category' &&
      links.some((l) => l.target === i && nodes[l.source]?.kind === 'group')
    if (n.kind === 'group' || (n.kind === 'category' && !underGroup))
      ownColor.set(i, palette[ownColor.size % palette.length] ?? NET)
  })
  const colorOf = (i: number): string => {
    const n = nodes[i]
    if (n === undefined) return NET
    const own = ownColor.get(i)
    if (own !== undefined) return own
    if (n.kind === 'category') {
      const parent = links.find((l) => l.target === i && nodes[l.source]?.kind === 'group')
      return parent === undefined ? NET : colorOf(parent.source)
    }
    if (n.kind === 'group') return NET
    return KIND_COLOR[n.kind]
  }
  const drillNode = (i: number, expected: Cents | null) => {
    const n = nodes[i]
    if (n === undefined || n.kind === 'saved' || n.kind === 'shortfall') return
    const base = { ...scope, currency: answer?.currency ?? null, expected }
    const range = `${f.monthLong(filters.from)} to ${f.monthLong(filters.to)}`
    if (n.kind === 'total') onDrill({ ...base, title: `Income, ${range}`, type: 'income' })
    else if (n.kind === 'income')
      onDrill({
        ...base,
        title: `${n.name}, ${range}`,
        type: 'income',
        categoryIds: [n.categoryId ?? 'uncategorized'],
      })
    else if (n.kind === 'group' && n.categoryId !== null)
      onDrill({
        ...base,
        title: `${n.name}, ${range}`,
        type: 'expense',
        categoryIds: [n.categoryId, ...childrenOf(n.categoryId)],
      })
    else
      onDrill({
        ...base,
        title: `${n.name}, ${range}`,
        type: 'expense',
        categoryIds: [n.categoryId ?? 'uncategorized'],
      })
  }
  const drillLink = (link: { source: number; target: number; value: Cents }) => {
    const target = nodes[link.target]
    // a band into "Saved" is the income behind it; any other band is what its target spent
    if (target?.kind === 'saved') drillNode(link.source, null)
    else drillNode(link.target, target?.kind === 'category' ? link.value : null)
  }
  const income = flow?.income ?? asCents(0)
  const expenses = flow?.expenses ?? asCents(0)
  const saved = asCents(income - expenses)
  const columnMax = Math.max(
    1,
    ...(['income', 'group', 'category'] as const).map(
      (k) => nodes.filter((n) => n.kind === k).length,
    ),
  )
  const height = Math.max(320, Math.min(900, columnMax * 36))
  const chartWidth = Math.max(MIN_WIDTH, width)
  return (
    <ReportCard
      id="sankey"
      title="Where the money went"
      description="Income on the left flowing into spending groups and categories on the right."
      hint="Click a band or a category to see its transactions."
      filters={filters}
      state={{ ...state, empty }}
      missingRates={answer?.missingRates}
      summary={
        flow !== undefined && (
          <p data-testid="sankey-words">
            {saved >= 0
              ? `Of ${f.money(income)} that came in, ${f.money(expenses)} went to spending and ${f.money(saved)} was kept.`
              : `Spending of ${f.money(expenses)} was ${f.money(asCents(-saved))} more than the ${f.money(income)} that came in.`}
          </p>
        )
      }
      csv={
        flow === undefined
          ? null
          : {
              header: ['From', 'To', 'Amount'],
              rows: links.map((l) => [
                nodes[l.source]?.name ?? '',
                nodes[l.target]?.name ?? '',
                moneyCell(l.value),
              ]),
            }
      }
      chart={
        <div>
          {width > 0 && width < MIN_WIDTH && (
            <p className="mb-2 text-xs text-muted-foreground print:hidden">
              Scroll sideways to see the whole diagram, or switch to the table.
            </p>
          )}
          <div ref={measure} className="w-full overflow-x-auto">
            <ChartFigure
              label={`Flow from income to spending: ${f.money(income)} in, ${f.money(expenses)} spent`}
              caption={`Over the range, in ${f.currency}`}
              height=""
            >
              <Sankey
                width={chartWidth}
                height={height}
                data={{
                  nodes: nodes.map((n) => ({ ...n })),
                  links: links.map((l) => ({ source: l.source, target: l.target, value: l.value })),
                }}
                nodePadding={14}
                nodeWidth={10}
                margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
                node={(props: SankeyNodeProps) => (
                  <FlowNodeShape
                    {...props}
                    color={colorOf(props.index)}
                    label={nodeLabel(props, f.money)}
                  />
                )}
                link={(props: SankeyLinkProps) => {
                  const l = links[props.index]
                  const target = l === undefined ? undefined : nodes[l.target]
                  // bands into the Income node take their source's colour, the rest their target's
                  const color =
                    l === undefined
                      ? NET
                      : target?.kind === 'total'
                        ? colorOf(l.source)
                        : colorOf(l.target)
                  return <FlowBand {...props} color={color} />
                }}
                onClick={(item, type) => {
                  if (type === 'node') {
                    const p = item.payload as { value?: number }
                    drillNode(item.index, typeof p.value === 'number' ? asCents(p.value) : null)
                  } else {
                    const l = links[item.index]
                    if (l !== undefined) drillLink(l)
                  }
                }}
                style={{ cursor: 'pointer' }}
              >
                <ChartTooltip formatter={(value) => f.money(asCents(Number(value)))} />
              </Sankey>
            </ChartFigure>
          </div>
        </div>
      }
      table={
        <ReportTable
          caption="Money flow from income to spending"
          rows={links}
          rowKey={(l) => `${l.source}-${l.target}`}
          columns={[
            { header: 'From', kind: 'text', cell: (l) => nodes[l.source]?.name },
            { header: 'To', kind: 'text', cell: (l) => nodes[l.target]?.name },
            {
              header: 'Amount',
              cell: (l) => {
                const to = nodes[l.target]?.kind
                // what was kept (or topped up) has no transactions of its own
                const plain = to === 'saved' || to === 'shortfall'
                return (
                  <DrillAmount
                    value={l.value}
                    f={f}
                    name={`${nodes[l.source]?.name} to ${nodes[l.target]?.name}`}
                    onDrill={plain ? undefined : () => drillLink(l)}
                  />
                )
              },
            },
          ]}
        />
      }
    />
  )
}

function nodeLabel(props: SankeyNodeProps, money: (v: Cents) => string): string {
  const p = props.payload as unknown as FlowNode & { value: number }
  return `${p.name} ${money(asCents(p.value))}`
}

function FlowBand(props: SankeyLinkProps & { color: string }) {
  const { sourceX, sourceY, sourceControlX, targetX, targetY, targetControlX, linkWidth, color } =
    props
  return (
    <path
      d={`M${sourceX},${sourceY} C${sourceControlX},${sourceY} ${targetControlX},${targetY} ${targetX},${targetY}`}
      fill="none"
      stroke={color}
      strokeOpacity={0.3}
      strokeWidth={Math.max(1, linkWidth)}
    />
  )
}

function FlowNodeShape(props: SankeyNodeProps & { color: string; label: string }) {
  const { x, y, width, height, color, label, payload } = props
  // the last column (nothing flows out) is labelled on its left, the others on their right
  const sink = payload.targetLinks.length === 0
  return (
    <g>
      <rect x={x} y={y} width={width} height={Math.max(1, height)} fill={color} rx={2} />
      <text
        x={sink ? x - 6 : x + width + 6}
        y={y + height / 2}
        dy="0.35em"
        textAnchor={sink ? 'end' : 'start'}
        fontSize={12}
        fill="var(--foreground)"
        stroke="var(--card)"
        strokeWidth={3}
        paintOrder="stroke"
        className="select-none"
      >
        {label}
      </text>
    </g>
  )
}
