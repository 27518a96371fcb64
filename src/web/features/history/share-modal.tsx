import { useState } from 'react'
import { SUPPORT_ADDRESS } from '../../../domain/accounts'
import { useToast } from '../../toasts'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/dialog'
import { FOCUS } from '../../ui/focus'
import { Spinner } from '../../ui/spinner'
import { downloadUrl } from './csv-export'
import { NoCanvasError, renderShareCard, type ShareCardText } from './share-card'
import { instagramCaption, shareLinks } from './share-links'

/**
 * 'Share Your Win' (docs/spec/product-spec.md §2 and §4): closed, open with no image, generating, image ready. The
 * card is drawn in the browser; nothing about the win leaves it unless the user shares it. Toasts are
 * the section 8 share list.
 */
export function ShareModal({
  win,
  onClose,
}: {
  /** The card of the win to share (a game's, or a ticket's: decision 067), without its site address. */
  win: { key: string; card: (productUrl: string, contact: string) => ShareCardText } | null
  onClose: () => void
}) {
  return (
    <Modal open={win !== null} onClose={onClose} title="Share Your Win">
      {win ? <ShareWin key={win.key} card={win.card(window.location.origin, SUPPORT_ADDRESS)} /> : null}
    </Modal>
  )
}

type Stage = { name: 'idle' } | { name: 'generating' } | { name: 'ready'; image: string }

const LINK_BUTTON = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-600 px-3 py-2 text-sm font-medium hover:bg-slate-800 ${FOCUS}`

function ShareWin({ card }: { card: ShareCardText }) {
  const toast = useToast()
  const [stage, setStage] = useState<Stage>({ name: 'idle' })
  const productUrl = window.location.origin

  const generate = async () => {
    setStage({ name: 'generating' })
    // Let the 'Generating...' state paint before the canvas work holds the main thread.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    try {
      await document.fonts?.ready
      const image = renderShareCard(card)
      setStage({ name: 'ready', image })
      toast('success', 'Share card generated!', 'Your winning bet card is ready to share.')
    } catch (error) {
      setStage({ name: 'idle' })
      if (error instanceof NoCanvasError) {
        toast('error', 'Image generation failed', "Couldn't create share image. Please try again.")
      } else {
        const reason = error instanceof Error ? error.message : String(error)
        toast('error', 'Error generating image', `Failed to create share image: ${reason}`)
      }
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">
        <span className="font-semibold text-emerald-400">{card.profit}</span> on {card.title}. Make a card to
        post it.
      </p>
      {stage.name === 'idle' ? <Button onClick={generate}>Generate Share Card</Button> : null}
      {stage.name === 'generating' ? <Spinner label="Generating your win card..." /> : null}
      {stage.name === 'ready' ? (
        <ReadyCard image={stage.image} card={card} productUrl={productUrl} fileName={card.fileName} />
      ) : null}
    </div>
  )
}

function ReadyCard({
  image,
  card,
  productUrl,
  fileName,
}: {
  image: string
  card: ShareCardText
  productUrl: string
  fileName: string
}) {
  const toast = useToast()

  const copyImage = async () => {
    try {
      if (!navigator.clipboard?.write || typeof ClipboardItem === 'undefined') throw new Error('No clipboard')
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': dataUrlToBlob(image) })])
      toast('success', 'Copied to clipboard', 'Image copied! You can paste it directly on social media.')
    } catch {
      toast('error', 'Copy failed', "Couldn't copy image. Try downloading instead.")
    }
  }

  const copyCaption = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard')
      await navigator.clipboard.writeText(instagramCaption(card, productUrl))
      toast(
        'success',
        'Caption copied!',
        'Instagram-style caption copied. Download the image and paste the caption with it.',
      )
    } catch {
      toast('error', 'Copy failed', "Couldn't copy caption. Please copy manually for Instagram.")
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <img
        src={image}
        data-testid="share-card-image"
        alt={`Share card: ${card.profit} on ${card.title}, ROI ${card.roi}`}
        width={1080}
        height={1080}
        className="mx-auto aspect-square w-full max-w-sm rounded-lg border border-slate-700"
      />
      <div className="grid grid-cols-2 gap-2">
        <Button onClick={() => downloadUrl(image, fileName)}>Download</Button>
        <Button variant="secondary" onClick={copyImage}>
          Copy Image
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {shareLinks(card, productUrl).map((link) => (
          <a
            key={link.site}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className={LINK_BUTTON}
          >
            {link.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ))}
      </div>
      <Button variant="secondary" onClick={copyCaption}>
        Copy Instagram Caption
      </Button>
    </div>
  )
}

/** The PNG bytes of a data URL, without fetch (the CSP's connect-src does not allow data: URLs). */
function dataUrlToBlob(dataUrl: string): Blob {
  const [header = '', base64 = ''] = dataUrl.split(',')
  const type = /data:([^;]+)/.exec(header)?.[1] ?? 'image/png'
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new Blob([bytes], { type })
}
