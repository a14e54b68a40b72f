export { attachUploads, deleteUserUploads, detachUpload, ownedUploadPaths } from './repo';
export { readUpload } from './multipartRoutes';
export { default as uploadRoutes } from './routes';
export { deleteUnusedUploads, displayUrl, saveContentImage } from './service';
