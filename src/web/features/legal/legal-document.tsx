// The layout of a legal page: title, last-updated line, and numbered sections.
import type { ReactNode } from 'react'
import { usePageHeadings } from '#src/web/components/page-heading'

export type LegalSection = { heading: string; body: ReactNode }

export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string
  updated: string
  intro: ReactNode
  sections: readonly LegalSection[]
}) {
  const { Title, Section } = usePageHeadings()
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <Title className="text-3xl font-bold tracking-tight">{title}</Title>
      <p className="mt-2 text-sm text-muted-foreground">Last updated {updated}</p>
      <div className="mt-6 space-y-4 leading-relaxed text-foreground/90">{intro}</div>
      <ol className="mt-8 space-y-8">
        {sections.map((section, index) => (
          <li key={section.heading}>
            <Section className="text-lg font-semibold">
              {index + 1}. {section.heading}
            </Section>
            <div className="mt-2 space-y-3 leading-relaxed text-foreground/90">{section.body}</div>
          </li>
        ))}
      </ol>
    </article>
  )
}
