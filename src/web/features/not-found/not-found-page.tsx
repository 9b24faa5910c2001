// The page for any path the router does not know (docs/product.md §2, §8): "404 Page Not Found".
import { CircleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { usePageHeadings } from '#src/web/components/page-heading'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent } from '#src/web/components/ui/card'

export function NotFoundPage() {
  const { Title } = usePageHeadings()
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <CircleAlert className="size-7 text-negative" aria-hidden="true" />
            <Title className="text-2xl font-bold">404 Page Not Found</Title>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            Did you forget to add the page to the router?
          </p>
          <Button asChild variant="outline" className="mt-6">
            <Link to="/">Go to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
