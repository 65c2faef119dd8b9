import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

// BarcodeDetector is not in TypeScript's DOM library yet.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | undefined {
  return (globalThis as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

/** hasCameraScan says the browser reads barcodes from the camera itself. */
export function hasCameraScan(): boolean {
  return detectorClass() !== undefined && typeof navigator.mediaDevices?.getUserMedia === "function";
}

/**
 * CameraScan reads one EAN from the camera with the browser's own
 * BarcodeDetector (no library shipped), then stops the camera.
 */
export function CameraScan({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation("till");
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detector = new Detector({ formats: ["ean_13", "ean_8", "upc_a"] });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const found = await detector.detect(video.current);
        const code = found.find((b) => /^[0-9]{8,14}$/.test(b.rawValue))?.rawValue;
        if (code && !stopped) {
          onCode(code);
          return;
        }
      } catch {
        // A frame not ready yet: look at the next one.
      }
      timer = setTimeout(() => void look(), 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [onCode]);

  return (
    <div className="space-y-2 rounded-lg border border-stone-300 bg-black/90 p-2 text-white">
      {failed ? (
        <p role="alert" className="p-2">
          {t("camera.failed")}
        </p>
      ) : (
        <video ref={video} className="mx-auto max-h-56 w-full rounded object-cover" muted playsInline aria-label={t("camera.view")} />
      )}
      <button type="button" className="btn btn-outline w-full bg-white text-stone-900" onClick={onClose}>
        {t("camera.close")}
      </button>
    </div>
  );
}
