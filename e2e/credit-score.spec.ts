// Adding a credit score through the dashboard's prompt: invalid entries, cancelling, a valid
// score, the trend once there are two, and a failed save, each with its exact toast
// (docs/product.md §5, §8).
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { DashboardPage } from './page-models/dashboard-page'

/** Answers the next window.prompt with `answer`, or cancels it when answer is null. */
function answerPrompt(page: Page, answer: string | null): Promise<void> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      expect(dialog.type()).toBe('prompt')
      expect(dialog.message()).toContain('300')
      if (answer === null) await dialog.dismiss()
      else await dialog.accept(answer)
      resolve()
    })
  })
}

test('invalid, cancelled, empty and valid entries', async ({ page, freshUser: _user }) => {
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  await expect(dashboard.creditScore).toContainText('No Credit Score Available')
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/credit-score'))
      posts.push(r.postData() ?? '')
  })

  for (const bad of ['900', '299', 'abc', '720.5']) {
    const answered = answerPrompt(page, bad)
    await dashboard.addScore.click()
    await answered
    const toast = dashboard.toast('Invalid Score')
    await expect(toast).toBeVisible()
    await expect(toast).toContainText('Please enter a valid credit score between 300 and 850.')
    await toast.getByRole('button', { name: 'Close' }).click()
    await expect(toast).toBeHidden()
  }

  for (const nothing of [null, '', '   ']) {
    const answered = answerPrompt(page, nothing)
    await dashboard.addScore.click()
    await answered
  }
  await page.waitForTimeout(300)
  await expect(page.getByTestId('toast')).toHaveCount(0)
  expect(posts).toHaveLength(0)

  const answered = answerPrompt(page, '720')
  await dashboard.addScore.click()
  await answered
  const added = dashboard.toast('Credit Score Added')
  await expect(added).toBeVisible()
  await expect(added).toContainText('Your credit score has been successfully added.')
  expect(posts).toHaveLength(1)
  const body = JSON.parse(posts[0] ?? '{}')
  expect(body).toEqual({
    score: 720,
    provider: 'Manual',
    date: new Date().toISOString().slice(0, 10),
  })
  await expect(dashboard.creditScore.getByTestId('credit-score')).toHaveText('720')
  await expect(dashboard.creditScore.getByTestId('credit-band')).toHaveText('Good')
  await expect(dashboard.creditScore.getByTestId('credit-trend')).toHaveText(
    '+12 points this month',
  )

  const second = answerPrompt(page, '700')
  await dashboard.addScore.click()
  await second
  await expect(dashboard.creditScore.getByTestId('credit-score')).toHaveText('700')
  await expect(dashboard.creditScore.getByTestId('credit-trend')).toHaveText(
    '−20 points since the previous entry',
  )
})

test('a failed save shows the Error toast', async ({
  page,
  sharedUser: _user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/)
  await page.route('**/api/credit-score', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Internal Server Error","code":"INTERNAL"}',
        })
      : route.continue(),
  )
  const dashboard = new DashboardPage(page)
  await dashboard.goto()
  await dashboard.waitForData()
  const answered = answerPrompt(page, '650')
  await dashboard.addScore.click()
  await answered
  const toast = dashboard.toast('Error')
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('Failed to save credit score. Please try again.')
})
