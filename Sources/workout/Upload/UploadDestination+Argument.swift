#if Web
public import ArgumentParser
public import RideUploads

extension UploadDestination: ExpressibleByArgument {}
#endif
