-- +goose Up
-- A country tile's background is now one of the styles the storefront's
-- stylesheet holds (UpdateCountryConfigRequest.background_classes lists
-- them). A free class string saved before, which the build may have left
-- out, becomes the shop's default colour, which is what it showed.
UPDATE countries SET background_classes = ''
WHERE background_classes NOT IN (
    'from-green-500 to-yellow-400', 'from-yellow-400 to-blue-600', 'from-blue-600 to-red-500',
    'from-red-600 to-red-400', 'from-sky-400 to-sky-200', 'from-blue-700 to-red-600',
    'from-yellow-400 via-blue-600 to-red-600', 'from-sky-500 to-blue-200', 'from-blue-700 to-red-500',
    'from-green-600 via-yellow-400 to-red-600', 'from-red-700 to-gray-900');

-- +goose Down
SELECT 1;
