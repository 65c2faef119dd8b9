import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteProductImage, useProductImages, useReorderProductImages, useUploadProductImage } from "@/features/admin/products/api/product-images";
import { Spinner } from "@/components/ui/spinner";
import { ErrorBox } from "@/components/ui/error-box";
import { errorInfos } from "@/lib/connect-errors";

/** maxImageBytes is the server's limit on one picture (5 MB). */
export const maxImageBytes = 5_000_000;

/**
 * ProductImagesEditor uploads a product's pictures (JPEG, PNG or WebP; the
 * server tells them by their content), shows them in order with their
 * srcset, and moves or removes them. The first is the one listings show.
 */
export function ProductImagesEditor({ productId, name }: { productId: bigint; name: string }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const images = useProductImages(productId);
  const upload = useUploadProductImage();
  const reorder = useReorderProductImages();
  const remove = useDeleteProductImage();
  const [error, setError] = useState("");
  const [uploading, setUploading] = useState(0);

  const explain = (err: unknown) => {
    const reason = errorInfos(err)[0]?.reason;
    return t(`catalogue.errors.${reason ?? "imageGeneric"}`, { defaultValue: t("catalogue.errors.imageGeneric") });
  };

  const add = async (files: FileList | null) => {
    setError("");
    for (const file of Array.from(files ?? [])) {
      if (file.size > maxImageBytes) {
        setError(t("catalogue.errors.IMAGE_DIMENSIONS"));
        continue;
      }
      setUploading((n) => n + 1);
      try {
        await upload.mutateAsync({ productId, content: new Uint8Array(await file.arrayBuffer()) });
      } catch (err) {
        setError(`${file.name}: ${explain(err)}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const list = images.data?.images ?? [];
  const move = (from: number, to: number) => {
    const ids = list.map((i) => i.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved);
    reorder.mutate({ productId, imageIds: ids }, { onError: (err) => setError(explain(err)) });
  };

  return (
    <section className="card space-y-4 p-4 sm:p-6" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("catalogue.imagesTab")}
      </h2>
      <div>
        <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-medium">
          {t("catalogue.addImages")}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="block w-full text-sm"
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            void add(e.target.files);
            e.target.value = "";
          }}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {t("catalogue.imagesHint")}
        </p>
      </div>
      {uploading > 0 && <Spinner label={t("catalogue.uploading")} />}
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {images.isPending && <Spinner label={t("loading")} />}
      {images.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
      {images.isSuccess && list.length === 0 && <p className="text-sm text-stone-600">{t("catalogue.noImages")}</p>}
      <ol className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:grid-cols-3" aria-label={t("catalogue.imagesTab")}>
        {list.map((img, i) => (
          <li key={String(img.id)} className="rounded-lg border border-stone-200 bg-white p-2">
            <img
              src={img.url}
              srcSet={img.srcset}
              sizes="(min-width: 640px) 200px, 45vw"
              alt={t("catalogue.imageAlt", { name, position: i + 1 })}
              width={img.width}
              height={img.height}
              className="aspect-square w-full rounded object-contain"
            />
            <div className="mt-2 flex flex-wrap gap-1">
              <button
                type="button"
                className="btn btn-outline px-2 text-xs"
                disabled={i === 0 || reorder.isPending}
                onClick={() => move(i, i - 1)}
                aria-label={t("catalogue.moveUp", { position: i + 1 })}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-outline px-2 text-xs"
                disabled={i === list.length - 1 || reorder.isPending}
                onClick={() => move(i, i + 1)}
                aria-label={t("catalogue.moveDown", { position: i + 1 })}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn-outline ml-auto px-2 text-xs text-red-700"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ productId, imageId: img.id }, { onError: (err) => setError(explain(err)) })}
                aria-label={t("catalogue.deleteImage", { position: i + 1 })}
              >
                {t("catalogue.delete")}
              </button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
