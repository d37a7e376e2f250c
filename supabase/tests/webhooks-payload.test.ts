// The `webhooks` function's pure part: Slack's mrkdwn and payloads as Chorus markdown, and the
// refusals (wrong types, HTML, unsafe links, deep nesting) with Slack's error texts.
import { describe, expect, it } from 'vitest'
import { mrkdwnToMarkdown } from '../functions/_shared/slack/mrkdwn-incoming.ts'
import {
  PayloadError,
  colorSquare,
  jsonDepth,
  readPayload,
  toWebhookPost,
} from '../functions/_shared/slack/payload.ts'

const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    if (error instanceof PayloadError) return error.code
    throw error
  }
  return 'accepted'
}

describe('mrkdwn', () => {
  it('turns Slack formatting, links, mentions and entities into markdown', () => {
    expect(mrkdwnToMarkdown('*bold* _it_ ~gone~ `*code*`', 't')).toBe(
      '**bold** _it_ ~~gone~~ `*code*`'
    )
    expect(mrkdwnToMarkdown('see <https://a.example/x?a=1&amp;b=2|the [docs]>', 't')).toBe(
      'see [the \\[docs\\]](<https://a.example/x?a=1&b=2>)'
    )
    expect(mrkdwnToMarkdown('<mailto:a@b.example>', 't')).toBe(
      '[mailto:a@b.example](<mailto:a@b.example>)'
    )
    expect(
      mrkdwnToMarkdown('<@U024BE7LH> <!here> <#C024BE7LR|general> <!subteam^S1|@ops>', 't')
    ).toBe('@U024BE7LH @here #general @ops')
    const id = '0b6b4c38-8c5e-4c55-8a5e-2f8f3f6f1a11'
    expect(mrkdwnToMarkdown(`<@${id.toUpperCase()}> hi`, 't')).toBe(`<@${id}> hi`)
    expect(mrkdwnToMarkdown('a &lt;b&gt; &amp; c', 't')).toBe('a \\<b\\> & c')
    expect(mrkdwnToMarkdown('```\n<html> &amp;\n```', 't')).toBe('\n```\n<html> &\n```\n')
  })

  it('refuses HTML and links that are not http, https or mailto', () => {
    for (const text of [
      '<script>x</script>',
      '<b>x</b>',
      'a <b> c',
      '<javascript:alert(1)|x>',
      '<data:text/html,x|y>',
      '<!nope>',
    ]) {
      expect(
        refusal(() => mrkdwnToMarkdown(text, 'text')),
        text
      ).toBe('invalid_payload')
    }
  })

  it("shows Slack's quotes as quotes, and a lone < or > as text", () => {
    expect(mrkdwnToMarkdown('> quoted\n> second', 't')).toBe('> quoted\n> second')
    expect(mrkdwnToMarkdown('&gt; *one*\nnot quoted', 't')).toBe('> **one**\n\nnot quoted')
    expect(mrkdwnToMarkdown('>>> all\nof this\n\nto the end', 't')).toBe(
      '> all\n> of this\n>\n> to the end'
    )
    expect(mrkdwnToMarkdown('CPU > 90% and load < 2', 't')).toBe('CPU \\> 90% and load \\< 2')
    expect(mrkdwnToMarkdown('a &gt; b\n>no space', 't')).toBe('a \\> b\n\\>no space')
    expect(mrkdwnToMarkdown('\uE000> q', 't')).toBe('> q')
    // in a code block, a line's > is code
    expect(mrkdwnToMarkdown('```\n> a\nb\n```', 't')).toBe('\n```\n> a\nb\n```\n')
    expect(toWebhookPost({ text: '> quoted', mrkdwn: false }).body).toBe('\\> quoted')
  })

  it('shows text as it is when mrkdwn is false', () => {
    expect(toWebhookPost({ text: '*not bold* <x>', mrkdwn: false }).body).toBe(
      '\\*not bold\\* \\<x\\>'
    )
  })
})

describe('payloads', () => {
  it('reads JSON and forms, and refuses other bodies', () => {
    expect(readPayload('{"text":"a"}', 'application/json; charset=utf-8')).toEqual({ text: 'a' })
    expect(
      readPayload('payload=%7B%22text%22%3A%22b%22%7D', 'application/x-www-form-urlencoded')
    ).toEqual({ text: 'b' })
    expect(refusal(() => readPayload('text=b', 'application/x-www-form-urlencoded'))).toBe(
      'invalid_payload'
    )
    expect(refusal(() => readPayload('<a/>', 'application/xml'))).toBe('invalid_payload')
    expect(refusal(() => readPayload('"just a string"', 'application/json'))).toBe(
      'invalid_payload'
    )
    expect(refusal(() => readPayload('[['.repeat(20) + ']]'.repeat(20), 'application/json'))).toBe(
      'invalid_payload'
    )
  })

  it('counts nesting without being fooled by brackets in strings', () => {
    expect(jsonDepth('{"a":[{"b":"[[[{{{"}]}')).toBe(3)
    expect(jsonDepth('{"a":"\\"[[["}')).toBe(1)
  })

  it('maps attachment colours to squares, and refuses unknown ones', () => {
    expect(
      ['good', 'warning', 'danger', '#36a64f', '#439FE0', '#000', '#ffffff'].map(colorSquare)
    ).toEqual(['🟩', '🟨', '🟥', '🟩', '🟦', '⬛', '⬜'])
    expect(refusal(() => colorSquare('red; background:url(x)'))).toBe('invalid_payload')
  })

  it('uses the blocks when they give something, the text otherwise, then the attachments', () => {
    const post = toWebhookPost({
      text: 'fallback only',
      blocks: [
        { type: 'actions', elements: [] },
        { type: 'header', text: { type: 'plain_text', text: 'Deploy #7' } },
      ],
      attachments: [{ fallback: 'only a fallback' }],
      username: '  deploy-bot ',
    })
    expect(post.body).toBe('**Deploy \\#7**\n\n> only a fallback')
    expect(post.username).toBe('deploy-bot')
    expect(toWebhookPost({ text: 'hi', blocks: [{ type: 'rich_text', elements: [] }] }).body).toBe(
      'hi'
    )
  })

  it("answers wrong types and empty posts with Slack's errors", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'no_text'],
      [{ text: null }, 'no_text'],
      [{ text: ['a'] }, 'invalid_payload'],
      [{ text: 'a', username: 7 }, 'invalid_payload'],
      [{ text: 'a', icon_emoji: 'ghost' }, 'invalid_payload'],
      [{ text: 'a', icon_url: 'javascript:alert(1)' }, 'invalid_payload'],
      [{ text: 'a', mrkdwn: 'yes' }, 'invalid_payload'],
      [{ blocks: {} }, 'invalid_blocks'],
      [{ blocks: [{ type: 'header', text: 'plain' }] }, 'invalid_blocks'],
      [{ blocks: [{ type: 'context', elements: [] }] }, 'invalid_blocks'],
      [{ blocks: [{ type: 'image', image_url: 'file:///etc/passwd' }] }, 'invalid_payload'],
      [{ attachments: [{ fields: [{ title: 'a', value: 'b', short: 'no' }] }] }, 'invalid_payload'],
      [{ attachments: [{ text: 'x', color: 'chartreuse' }] }, 'invalid_payload'],
    ]
    for (const [payload, code] of cases) {
      expect(
        refusal(() => toWebhookPost(payload)),
        JSON.stringify(payload)
      ).toBe(code)
    }
  })
})
