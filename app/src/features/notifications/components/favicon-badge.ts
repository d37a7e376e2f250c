// The favicon with a red badge of the count: a chunk of its own, loaded when a count is first
// drawn (use-title-badge.ts), not part of the first screen.

const SIZE = 32

/** The favicon drawn again with a red badge of the count (the original when 0). */
export function drawFavicon(original: string, total: number): Promise<string> {
  if (total <= 0) return Promise.resolve(original)
  return new Promise((resolve) => {
    const image = new Image()
    image.onload = () => {
      const canvas = document.createElement('canvas')
      canvas.width = SIZE
      canvas.height = SIZE
      const ctx = canvas.getContext('2d')
      if (!ctx) return resolve(original)
      ctx.drawImage(image, 0, 0, SIZE, SIZE)
      ctx.fillStyle = '#f43f5e'
      ctx.beginPath()
      ctx.arc(SIZE - 10, 10, 10, 0, Math.PI * 2)
      ctx.fill()
      ctx.fillStyle = 'white'
      ctx.font = 'bold 14px sans-serif'
      ctx.textAlign = 'center'
      ctx.textBaseline = 'middle'
      ctx.fillText(total > 9 ? '9+' : String(total), SIZE - 10, 11)
      resolve(canvas.toDataURL('image/png'))
    }
    image.onerror = () => resolve(original)
    image.src = original
  })
}
