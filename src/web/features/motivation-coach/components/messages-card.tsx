// The coach's short messages, each made of the member's own figures (written on the server).
import { MessageCircleHeart } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'

export function MessagesCard({ messages }: { messages: string[] }) {
  return (
    <Card data-testid="messages">
      <CardHeader className="flex-row items-center gap-2">
        <MessageCircleHeart className="size-4 text-primary" aria-hidden="true" />
        <CardTitle>From your coach</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {messages.map((m) => (
            <li key={m} className="rounded-lg bg-muted px-3 py-2 text-sm">
              {m}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
